/* The GL PlayStation renderer's primitives and batcher. Owns the batch,
 * the hazard rectangles and the CLUT cache's liveness; may call vram.c
 * (VRAM storage, blits), shadergen/ and backend/gl. vram.c tells it about
 * transfers only through the psx_gl_batch_hooks filled in here.
 *
 * The GL PlayStation renderer: primitives become instances of keyed
 * programs (shadergen/psx_vs.c, psx_fs.c) whose fragment shaders evaluate
 * each pixel from the primitive's integer setup, so at 1x they write the same
 * VRAM as the software reference. Consecutive primitives that share a
 * program and do not feed each other go out as one instanced draw; see
 * gl_renderer.h for the feedback rules. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/common/hash.h"
#include "backend/gl/gl_caps.h"
#include "backend/gl/gl_util.h"
#include "backend/gl/program_service.h"
#include "backend/gl/stream_buffer.h"
#include "backend/psx/gl_renderer.h"
#include "backend/psx/programs.h"

static psx_rect rect_union(psx_rect a, psx_rect b)
{
    return (psx_rect){a.x0 < b.x0 ? a.x0 : b.x0, a.y0 < b.y0 ? a.y0 : b.y0, a.x1 > b.x1 ? a.x1 : b.x1,
                      a.y1 > b.y1 ? a.y1 : b.y1};
}

static int64_t rect_area(psx_rect a)
{
    return (int64_t)(a.x1 - a.x0 + 1) * (a.y1 - a.y0 + 1);
}

static void rect_set_add(psx_rect_set *s, psx_rect r)
{
    if (psx_rect_empty(r))
        return;
    int best = -1;
    int64_t best_growth = INT64_MAX;
    for (int i = 0; i < s->n; i++) {
        int64_t growth = rect_area(rect_union(s->r[i], r)) - rect_area(s->r[i]);
        if (growth == 0) /* already covered */
            return;
        if (growth < best_growth) {
            best_growth = growth;
            best = i;
        }
    }
    if (s->n < PSX_GL_HAZARD_RECTS)
        s->r[s->n++] = r;
    else /* full: the rectangle that grows least takes it in (conservative) */
        s->r[best] = rect_union(s->r[best], r);
}

static bool rect_set_overlaps(const psx_rect_set *s, psx_rect r)
{
    for (int i = 0; i < s->n; i++)
        if (psx_rect_overlap(s->r[i], r))
            return true;
    return false;
}

/* After each program is made: the uniforms that never change. */
static void after_link(void *user, GLuint program)
{
    psx_gl *g = user;
    GladGLContext *gl = g->gl;
    gl->UseProgram(program);
    gl->Uniform1i(gl->GetUniformLocation(program, "u_scale"), (GLint)g->base.scale);
    gl->Uniform1i(gl->GetUniformLocation(program, "u_tex"), 0);
    gl->Uniform1i(gl->GetUniformLocation(program, "u_clut"), 1);
    gl->Uniform1i(gl->GetUniformLocation(program, "u_fb"), 2);
    g->base.stats->programs++;
}

static void batch_flush(psx_gl *g)
{
    if (!g->count)
        return;
    GladGLContext *gl = g->gl;
    GLuint prog = 0;
    size_t bytes = g->count * sizeof(psx_gl_instance), offset = 0;
    void *dst = NULL;
    if (gl_program_service_get(g->programs, &g->key, &prog) == GLHLE_RESULT_OK) {
        dst = gl_stream_map(&g->stream, bytes, 16, &offset);
        if (!dst)
            GLHLE_ERROR(g->base.log, "no room for %zu bytes of instances in the stream buffer; %u primitives dropped",
                        bytes, g->count);
    }
    if (!dst) { /* or a program that cannot be built (logged once by the program service) */
        g->count = 0;
        g->batch_from_scratch = false;
        return;
    }
    memcpy(dst, g->batch, bytes);
    gl_stream_commit(&g->stream, bytes);
    /* no texture barrier (gl_caps_dest_copy): what the batch samples and
     * the pixels it blends over or mask-tests, copied now. The hazard rules
     * keep every rectangle read since the last barrier point unwritten
     * since then, so the copy holds what a barrier would have shown. */
    if (g->dest_copy)
        psx_gl_copy_to_feedback(g, g->reads.r, g->reads.n);
    psx_gl_bind_vram_target(g, true);
    gl->BindVertexArray(g->vao);
    gl->BindVertexBuffer(0, g->stream.buffer, (GLintptr)offset, (GLsizei)sizeof(psx_gl_instance));
    gl->UseProgram(prog);
    gl->ActiveTexture(GL_TEXTURE0);
    gl->BindTexture(GL_TEXTURE_2D, g->batch_from_scratch ? g->scratch : psx_gl_vram_source(g));
    gl->ActiveTexture(GL_TEXTURE1);
    gl->BindTexture(GL_TEXTURE_2D, g->clut);
    gl->ActiveTexture(GL_TEXTURE2);
    gl->BindTexture(GL_TEXTURE_2D, psx_gl_vram_source(g));
    gl->DrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, (GLsizei)g->count);
    g->base.stats->draw_calls++;
    g->written = true;
    g->count = 0;
    g->batch_from_scratch = false;
}

static void batch_barrier(psx_gl *g)
{
    batch_flush(g);
    if (g->written) { /* what was drawn becomes visible to texel fetches */
        /* dest_copy: the reads come from copies made at each draw; the
         * flush only submits the work before the copies (llvmpipe's
         * glCopyImageSubData runs on the CPU: see psx_gl_copy_to_scratch) */
        if (g->dest_copy)
            g->gl->Flush();
        else
            g->gl->TextureBarrier();
        g->written = false;
    }
    g->writes.n = g->reads.n = 0;
}

static void before_write(psx_gl *g, psx_rect w)
{
    if (!g->clut_live)
        return;
    psx_rect c[4];
    int n = psx_rect_wrap(g->clut_x, g->clut_y, g->clut_count, 1, c);
    for (int i = 0; i < n; i++) {
        if (psx_rect_overlap(c[i], w)) {
            /* the cache keeps the CLUT as loaded: copy it before it changes
             * (VRAM is not attached to the snapshot's target: no feedback) */
            batch_flush(g);
            psx_gl_snapshot_clut(g);
            g->clut_live = false;
            return;
        }
    }
}

static void transfer_writes(psx_gl *g, const psx_rect *rects, int n, bool reads_dest, const psx_rect *src,
                            int n_src)
{
    batch_flush(g);
    bool hazard = false;
    for (int i = 0; i < n && !hazard; i++)
        hazard = rect_set_overlaps(&g->reads, rects[i]) ||
                 (reads_dest && !g->host.framebuffer_fetch && rect_set_overlaps(&g->writes, rects[i]));
    for (int i = 0; i < n_src && !hazard; i++)
        hazard = rect_set_overlaps(&g->writes, src[i]);
    if (hazard)
        batch_barrier(g);
    for (int i = 0; i < n; i++) {
        rect_set_add(&g->writes, rects[i]);
        if (reads_dest && !g->host.framebuffer_fetch)
            rect_set_add(&g->reads, rects[i]);
    }
    for (int i = 0; i < n_src; i++)
        rect_set_add(&g->reads, src[i]);
    g->written = true;
}

/* Adds one primitive: `drawn` is what it may write, `reads` what it samples
 * (texels, a live CLUT), `reads_dest` whether it reads the pixels it writes.
 * Hazards are tracked over everything since the last texture barrier, so a
 * change of program costs a draw call but not a barrier. */
static void submit(psx_gl *g, const psx_fs_key *key, const psx_gl_instance *inst, psx_rect drawn,
                   const psx_rect *reads, int n_reads, bool reads_dest)
{
    bool self = false;
    for (int i = 0; i < n_reads; i++)
        self |= psx_rect_overlap(reads[i], drawn);
    bool dest_hazard = reads_dest && !g->host.framebuffer_fetch;
    bool hazard = rect_set_overlaps(&g->reads, drawn) || (dest_hazard && rect_set_overlaps(&g->writes, drawn));
    for (int i = 0; i < n_reads && !hazard; i++)
        hazard = rect_set_overlaps(&g->writes, reads[i]);
    if (hazard) {
        if (g->count)
            g->base.stats->batches_broken++;
        batch_barrier(g);
    }
    if (g->count && (g->count == PSX_GL_BATCH_MAX || self))
        batch_flush(g);
    if (!g->count) {
        g->key = *key;
    } else if (memcmp(key, &g->key, sizeof *key) != 0) {
        /* a run of one kind of primitive keeps its specialised program; a
         * mixed run widens, instead of ending the draw, only the fields its
         * primitives differ in to per-primitive ones: llvmpipe runs every
         * branch of a program for every fragment, so what stays compiled
         * in is code it does not run */
        uint8_t *b = (uint8_t *)&g->key;
        const uint8_t *k = (const uint8_t *)key;
        for (size_t i = 0; i < offsetof(psx_fs_key, clut); i++)
            if (b[i] != k[i])
                b[i] = PSX_KEY_DYNAMIC;
        g->key.clut |= key->clut; /* the batch needs each source one of its primitives reads */
    }
    if (self) { /* it samples what it draws: it reads the area as it was, alone */
        psx_gl_copy_to_scratch(g, reads, n_reads);
        g->batch_from_scratch = true;
    }
    g->batch[g->count++] = *inst;
    rect_set_add(&g->writes, drawn);
    for (int i = 0; i < n_reads && !self; i++)
        rect_set_add(&g->reads, reads[i]);
    if (dest_hazard)
        rect_set_add(&g->reads, drawn);
    if (self)
        batch_flush(g);
}

static bool clut_from_snapshot(const psx_gl *g, const psx_draw_mode *m)
{
    return m->textured && m->tex_mode < 2 && !g->clut_live;
}

static void make_key(const psx_gl *g, psx_fs_key *k, psx_prim_kind kind, const psx_draw_mode *m)
{
    memset(k, 0, sizeof *k);
    k->kind = (uint8_t)kind;
    k->tex_mode = m->textured ? (uint8_t)(m->tex_mode + 1) : 0;
    k->gouraud = m->gouraud;
    k->blend = m->semi ? (uint8_t)(m->blend + 1) : 0;
    k->clut = clut_from_snapshot(g, m) ? PSX_CLUT_SNAPSHOT : PSX_CLUT_VRAM;
    psx_fs_key_normalize(k);
}

static void common_words(const psx_gl *g, const psx_draw_mode *m, psx_gl_instance *in, uint32_t rgb)
{
    uint32_t flags = (m->dither ? PSX_FLAG_DITHER : 0) | (m->mask_set ? PSX_FLAG_MASK_SET : 0) |
                     (m->mask_check ? PSX_FLAG_MASK_CHECK : 0) | (m->raw ? PSX_FLAG_RAW : 0) |
                     (clut_from_snapshot(g, m) ? PSX_FLAG_CLUT_SNAPSHOT : 0) | (m->flip_x ? PSX_FLAG_FLIP_X : 0) |
                     (m->flip_y ? PSX_FLAG_FLIP_Y : 0);
    in->w[0] = (rgb & 0xFFFFFF) | (flags << 24);
    in->w[2] = (uint32_t)(m->tex_x / 64) | ((uint32_t)(m->tex_y / 256) << 4) | ((g->clut_x & 1023u) << 5) |
               ((g->clut_y & 511u) << 15);
    in->w[3] = (uint32_t)m->win_and_x | ((uint32_t)m->win_or_x << 8) | ((uint32_t)m->win_and_y << 16) |
               ((uint32_t)m->win_or_y << 24);
}

static void set_clip(psx_gl_instance *in, psx_rect r)
{
    in->clip[0] = (int16_t)r.x0;
    in->clip[1] = (int16_t)r.y0;
    in->clip[2] = (int16_t)r.x1;
    in->clip[3] = (int16_t)r.y1;
}

/* Texels and, while it is read from VRAM, the CLUT. */
static int texture_reads(const psx_gl *g, const psx_draw_mode *m, int umin, int umax, int vmin, int vmax,
                         psx_rect out[8])
{
    if (!m->textured)
        return 0;
    int n = psx_texture_footprint(m, umin, umax, vmin, vmax, out);
    if (m->tex_mode < 2 && g->clut_live)
        n += psx_rect_wrap(g->clut_x, g->clut_y, g->clut_count, 1, out + n);
    return n;
}

/* The start shared by all primitives: what they may draw (empty: nothing to
 * do), a live CLUT under it saved, the key and the instance's common words. */
static bool begin_prim(psx_gl *g, psx_rect bbox, const psx_draw_mode *m, psx_prim_kind kind, uint32_t rgb,
                       psx_rect *drawn, psx_fs_key *key, psx_gl_instance *in)
{
    *drawn = psx_rect_intersect(bbox, m->clip);
    if (psx_rect_empty(*drawn) || gl_context_enter(g->ctx) != GLHLE_RESULT_OK)
        return false;
    before_write(g, *drawn); /* before common_words: it may turn the CLUT into a snapshot */
    make_key(g, key, kind, m);
    memset(in, 0, sizeof *in);
    set_clip(in, *drawn);
    common_words(g, m, in, rgb);
    in->w[1] = psx_fs_mode_bits(key);
    return true;
}

static void gl_triangle(psx_renderer *r, const psx_draw_mode *m, const psx_triangle *t)
{
    psx_gl *g = (psx_gl *)r;
    const psx_vertex *v = t->v, *b = &t->v[t->base];
    psx_rect drawn;
    psx_fs_key key;
    psx_gl_instance in;
    if (!begin_prim(g, t->bbox, m, PSX_PRIM_TRIANGLE, (uint32_t)b->r | ((uint32_t)b->g << 8) | ((uint32_t)b->b << 16),
                    &drawn, &key, &in))
        return;
    int16_t p[8] = {(int16_t)v[0].x, (int16_t)v[0].y, (int16_t)v[1].x, (int16_t)v[1].y,
                    (int16_t)v[2].x, (int16_t)v[2].y, (int16_t)b->x,    (int16_t)b->y};
    memcpy(in.p0, p, sizeof in.p0);
    memcpy(in.p1, p + 4, sizeof in.p1);
    in.w[1] |= (uint32_t)b->u | ((uint32_t)b->v << 8);
    int32_t grads[10] = {t->ddx[PSX_ATTR_R], t->ddy[PSX_ATTR_R], t->ddx[PSX_ATTR_G], t->ddy[PSX_ATTR_G],
                         t->ddx[PSX_ATTR_B], t->ddy[PSX_ATTR_B], t->ddx[PSX_ATTR_U], t->ddy[PSX_ATTR_U],
                         t->ddx[PSX_ATTR_V], t->ddy[PSX_ATTR_V]};
    memcpy(in.g0, grads, sizeof in.g0);
    memcpy(in.g1, grads + 4, sizeof in.g1);
    memcpy(in.g2, grads + 8, sizeof in.g2);
    psx_rect reads[8];
    int umin, umax, vmin, vmax;
    psx_triangle_uv_range(t, &umin, &umax, &vmin, &vmax);
    int n = texture_reads(g, m, umin, umax, vmin, vmax, reads);
    submit(g, &key, &in, drawn, reads, n, m->semi || m->mask_check);
}

static void gl_sprite(psx_renderer *r, const psx_draw_mode *m, const psx_sprite *s)
{
    psx_gl *g = (psx_gl *)r;
    psx_rect drawn;
    psx_fs_key key;
    psx_gl_instance in;
    if (!begin_prim(g, s->bbox, m, PSX_PRIM_SPRITE, (uint32_t)s->r | ((uint32_t)s->g << 8) | ((uint32_t)s->b << 16),
                    &drawn, &key, &in))
        return;
    in.p0[0] = (int16_t)s->x;
    in.p0[1] = (int16_t)s->y;
    in.w[1] |= (uint32_t)s->u | ((uint32_t)s->v << 8);
    psx_rect reads[8];
    int umin, umax, vmin, vmax;
    psx_sprite_uv_range(s, m, &umin, &umax, &vmin, &vmax);
    int n = texture_reads(g, m, umin, umax, vmin, vmax, reads);
    submit(g, &key, &in, drawn, reads, n, m->semi || m->mask_check);
}

static void gl_line(psx_renderer *r, const psx_draw_mode *m, const psx_line *l)
{
    psx_gl *g = (psx_gl *)r;
    psx_rect drawn;
    psx_fs_key key;
    psx_gl_instance in;
    if (!begin_prim(g, l->bbox, m, PSX_PRIM_LINE,
                    (uint32_t)l->c0[0] | ((uint32_t)l->c0[1] << 8) | ((uint32_t)l->c0[2] << 16), &drawn, &key, &in))
        return;
    in.p0[0] = (int16_t)l->x0;
    in.p0[1] = (int16_t)l->y0;
    in.p0[2] = (int16_t)l->dx;
    in.p0[3] = (int16_t)l->dy;
    in.p1[0] = (int16_t)l->k;
    in.g0[0] = l->dc[0];
    in.g0[1] = l->dc[1];
    in.g0[2] = l->dc[2];
    submit(g, &key, &in, drawn, NULL, 0, m->semi || m->mask_check);
}

/* The start of a transfer's sprite over VRAM piece `part`: a live CLUT
 * under it saved, the piece as its box and origin. */
static void transfer_sprite(psx_gl *g, psx_rect part, psx_gl_instance *in)
{
    memset(in, 0, sizeof *in);
    before_write(g, part);
    set_clip(in, part);
    in->p0[0] = (int16_t)part.x0;
    in->p0[1] = (int16_t)part.y0;
}

/* GP0(02h) as sprites of the batch, one per piece inside VRAM: an
 * untextured flat sprite without dithering or mask bits writes its colour's
 * 5-bit channels (c << 3 >> 3) over the whole rectangle at every scale, as
 * a fill does (the drawing area is the piece itself). In the batch it costs
 * no draw call of its own: on llvmpipe each draw call is about a scene of its
 * own, a wake-up of every rasterizer thread (docs/performance.md). */
static void gl_fill(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, uint16_t color)
{
    psx_gl *g = (psx_gl *)r;
    if (gl_context_enter(g->ctx) != GLHLE_RESULT_OK)
        return;
    psx_rect parts[4];
    int n = psx_rect_wrap(x, y, w, h, parts);
    psx_fs_key key = {PSX_PRIM_SPRITE, 0, 0, 0, 0, {0, 0, 0}};
    uint32_t rgb = ((color & 31u) << 3) | (((color >> 5) & 31u) << 11) | (((color >> 10) & 31u) << 19);
    for (int i = 0; i < n; i++) {
        psx_gl_instance in;
        transfer_sprite(g, parts[i], &in);
        in.w[0] = rgb;
        in.w[1] = psx_fs_mode_bits(&key);
        submit(g, &key, &in, parts[i], NULL, 0, false);
    }
}

/* GP0(80h) at 1x as raw 15-bit sprites of the batch where that reads the
 * same texels: a 15-bit texture page spans 256 texels right of its 64-aligned
 * X and 256 below its 256-aligned Y (VRAM wraps), texel 0000h is drawn
 * (PSX_FLAG_OPAQUE_ZERO) and the mask bits act as on a copy. Source and
 * destination must not meet (a copy reads its whole source first); above 1x
 * the copy keeps each subpixel, which a sprite does not. Else vram.c. */
static void gl_copy(psx_renderer *r, uint32_t sx, uint32_t sy, uint32_t dx, uint32_t dy, uint32_t w, uint32_t h,
                    bool mask_set, bool mask_check)
{
    psx_gl *g = (psx_gl *)r;
    psx_rect src[4], parts[4];
    int ns = psx_rect_wrap(sx, sy, w, h, src), n = psx_rect_wrap(dx, dy, w, h, parts);
    bool sprite = r->scale == 1 && (sx & 63u) + w <= 256 && (sy & 255u) + h <= 256;
    for (int i = 0; i < ns && sprite; i++)
        for (int j = 0; j < n && sprite; j++)
            sprite = !psx_rect_overlap(src[i], parts[j]);
    if (!sprite || gl_context_enter(g->ctx) != GLHLE_RESULT_OK) {
        psx_gl_copy(r, sx, sy, dx, dy, w, h, mask_set, mask_check);
        return;
    }
    psx_fs_key key = {PSX_PRIM_SPRITE, 3, 0, 0, 0, {0, 0, 0}};
    uint32_t flags = PSX_FLAG_RAW | PSX_FLAG_OPAQUE_ZERO | (mask_set ? PSX_FLAG_MASK_SET : 0) |
                     (mask_check ? PSX_FLAG_MASK_CHECK : 0);
    for (int i = 0; i < n; i++) {
        psx_gl_instance in;
        transfer_sprite(g, parts[i], &in);
        uint32_t u = (sx & 63u) + (((uint32_t)parts[i].x0 - dx) & (PSX_VRAM_W - 1));
        uint32_t v = (sy & 255u) + (((uint32_t)parts[i].y0 - dy) & (PSX_VRAM_H - 1));
        in.w[0] = flags << 24;
        in.w[1] = psx_fs_mode_bits(&key) | u | (v << 8);
        in.w[2] = (sx / 64u) | ((sy / 256u) << 4);
        in.w[3] = 0xFFu | (0xFFu << 16); /* no texture window */
        submit(g, &key, &in, parts[i], src, ns, mask_check);
    }
}

static void delete_gl(psx_gl *g)
{
    GladGLContext *gl = g->gl;
    psx_gl_vram_destroy(g);
    psx_gl_present_destroy(g);
    gl_program_service_destroy(g->programs);
    g->programs = g->base.programs = NULL;
    gl_stream_destroy(&g->stream);
    if (g->vao)
        gl->DeleteVertexArrays(1, &g->vao);
    g->vao = 0;
}

static void gl_destroy(psx_renderer *r)
{
    psx_gl *g = (psx_gl *)r;
    if (!g->lost && gl_context_enter(g->ctx) == GLHLE_RESULT_OK)
        delete_gl(g);
    free(g->saved_vram);
    free(g->cache_dir);
    free(g->cache_title);
    free(g->batch);
    free(g);
}

static const psx_renderer_ops gl_ops = {
    gl_destroy,    gl_triangle, gl_line,          gl_sprite,        gl_fill,
    gl_copy,       psx_gl_upload, psx_gl_read,    psx_gl_load_clut, psx_gl_read_rgba,
    psx_gl_read_clut, psx_gl_write_clut, psx_gl_read_scaled, psx_gl_write_scaled,
};

/* The instance attributes (shadergen/psx_fs.h) read from binding 0, one
 * element per instance; each draw binds the stream buffer at its offset. */
static glhle_result setup_instance_stream(psx_gl *g, const glhle_psx_desc *desc)
{
    GladGLContext *gl = g->gl;
    glhle_result r = gl_stream_create(g->ctx, GL_ARRAY_BUFFER, 4u << 20, &g->stream);
    if (r != GLHLE_RESULT_OK)
        return r;
    const psx_fs_key uber = psx_fs_key_uber();
    gl_program_service_desc sd = {
        .system = psx_program_system(),
        .host = psx_program_host_bits(&g->host),
        .max_programs = desc->program_budget ? desc->program_budget : 512,
        .max_bytes = desc->program_budget_bytes,
        .cache_dir = desc->shader_cache_dir,
        .cache_title = desc->shader_cache_title,
        .cache_max_bytes = desc->shader_cache_max_bytes,
        .after_link = after_link,
        .user = g,
        .compile_threads = desc->shader_compile_threads,
        .fallback_key = desc->shader_compile_threads ? &uber : NULL,
    };
    gl->GenVertexArrays(1, &g->vao);
    gl->BindVertexArray(g->vao);
    static const struct {
        GLint size;
        GLenum type;
        GLuint offset;
    } attrs[7] = {
        {4, GL_SHORT, offsetof(psx_gl_instance, p0)}, {4, GL_SHORT, offsetof(psx_gl_instance, p1)},
        {4, GL_SHORT, offsetof(psx_gl_instance, clip)}, {4, GL_UNSIGNED_INT, offsetof(psx_gl_instance, w)},
        {4, GL_INT, offsetof(psx_gl_instance, g0)},     {4, GL_INT, offsetof(psx_gl_instance, g1)},
        {2, GL_INT, offsetof(psx_gl_instance, g2)},
    };
    for (GLuint i = 0; i < 7; i++) {
        gl->EnableVertexAttribArray(i);
        gl->VertexAttribIFormat(i, attrs[i].size, attrs[i].type, attrs[i].offset);
        gl->VertexAttribBinding(i, 0);
    }
    gl->VertexBindingDivisor(0, 1);
    gl->BindVertexArray(0);
    /* before the programs: the host bits they are built and cached for */
    g->host.gl_coverage = psx_gl_coverage_probe(g);
    sd.host = psx_program_host_bits(&g->host);
    r = gl_program_service_create(g->ctx, &sd, &g->programs);
    g->base.programs = g->programs;
    return r;
}

/* The GL objects: VRAM and its passes, the instance stream, the programs.
 * Without framebuffer fetch for integer targets the driver may offer it
 * and still fail to build: then texture barriers. */
static glhle_result make_gl(psx_gl *g)
{
    const glhle_context_info *info = &g->ctx->info;
    g->host.framebuffer_fetch = info->framebuffer_fetch && !g->desc.no_framebuffer_fetch;
    g->dest_copy = gl_caps_dest_copy(g->ctx);
    glhle_result r = psx_gl_vram_create(g);
    if (r != GLHLE_RESULT_OK && g->host.framebuffer_fetch) {
        GLHLE_INFO(g->base.log, "framebuffer fetch on R16UI failed to build; using texture barriers");
        psx_gl_vram_destroy(g);
        psx_gl_present_destroy(g);
        g->host.framebuffer_fetch = false;
        r = psx_gl_vram_create(g);
    }
    if (r == GLHLE_RESULT_OK)
        r = setup_instance_stream(g, &g->desc);
    if (r == GLHLE_RESULT_OK)
        r = glhle_context_check_gl(g->ctx);
    return r;
}

glhle_result psx_gl_lose(psx_gl *g)
{
    if (g->lost)
        return GLHLE_RESULT_OK;
    glhle_result r = gl_context_enter(g->ctx);
    if (r != GLHLE_RESULT_OK)
        return r;
    const size_t n = (size_t)g->width * (size_t)g->height;
    if (!g->saved_vram)
        g->saved_vram = malloc(n * sizeof(uint16_t));
    if (!g->saved_vram)
        return GLHLE_FAIL(g->base.log, GLHLE_RESULT_OUT_OF_MEMORY,
                          "glhle_psx_context_lost: no memory for %dx%d VRAM words; the GL side is kept", g->width,
                          g->height);
    batch_barrier(g);
    GladGLContext *gl = g->gl;
    gl_pixel_store(g->ctx, 0, 2);
    gl->GetTextureImage(g->vram, 0, GL_RED_INTEGER, GL_UNSIGNED_SHORT, (GLsizei)(n * sizeof(uint16_t)),
                        g->saved_vram);
    gl->GetTextureImage(g->clut, 0, GL_RED_INTEGER, GL_UNSIGNED_SHORT, (GLsizei)sizeof g->saved_clut, g->saved_clut);
    delete_gl(g);
    g->lost = true;
    return GLHLE_RESULT_OK;
}

glhle_result psx_gl_restore(psx_gl *g)
{
    if (!g->lost)
        return GLHLE_RESULT_OK;
    glhle_result r = gl_context_enter(g->ctx);
    if (r == GLHLE_RESULT_OK)
        r = make_gl(g);
    if (r != GLHLE_RESULT_OK) {
        delete_gl(g);
        return GLHLE_FAIL(g->base.log, r, "glhle_psx_context_restored: the GL side could not be made again");
    }
    GladGLContext *gl = g->gl;
    gl_pixel_store(g->ctx, 0, 2);
    gl->TextureSubImage2D(g->vram, 0, 0, 0, g->width, g->height, GL_RED_INTEGER, GL_UNSIGNED_SHORT, g->saved_vram);
    gl->TextureSubImage2D(g->clut, 0, 0, 0, 256, 1, GL_RED_INTEGER, GL_UNSIGNED_SHORT, g->saved_clut);
    free(g->saved_vram);
    g->saved_vram = NULL;
    g->lost = false;
    g->written = true; /* the uploads reach later texel fetches after a barrier */
    return GLHLE_RESULT_OK;
}

psx_renderer *psx_gl_create(glhle_context *ctx, const glhle_logger *log, glhle_psx_stats *stats, uint32_t scale,
                            const glhle_psx_desc *desc, glhle_result *result)
{
    *result = gl_context_enter(ctx);
    if (*result != GLHLE_RESULT_OK)
        return NULL;
    const glhle_context_info *info = &ctx->info;
    if (!ctx->gl.TextureBarrier || !ctx->gl.CopyImageSubData) {
        *result = GLHLE_FAIL(log, GLHLE_RESULT_UNSUPPORTED,
                             "the PlayStation GL renderer needs glTextureBarrier and glCopyImageSubData "
                             "(GL 4.5, or OpenGL ES 3.2 through gl_caps); this context (%s) lacks them",
                             info->version ? info->version : "?");
        return NULL;
    }
    if (!info->texture_barrier) /* ES without NV_texture_barrier: gl_caps' flush stands in (gl_caps.c) */
        GLHLE_DEBUG(log, "PlayStation GL renderer: this context has no texture barrier (%s); texel fetches of what "
                   "was just drawn are ordered by a flush, which OpenGL ES leaves undefined (Mesa orders them)",
                   info->version ? info->version : "?");
    if ((int)(PSX_VRAM_W * scale) > info->max_texture_size) {
        *result = GLHLE_FAIL(log, GLHLE_RESULT_UNSUPPORTED, "scale %u needs %u-pixel textures; the driver allows %d",
                             scale, PSX_VRAM_W * scale, info->max_texture_size);
        return NULL;
    }
    psx_gl *g = calloc(1, sizeof *g);
    if (g)
        g->batch = malloc(sizeof(psx_gl_instance) * PSX_GL_BATCH_MAX);
    if (!g || !g->batch) {
        if (g)
            free(g->batch);
        free(g);
        *result = GLHLE_FAIL(log, GLHLE_RESULT_OUT_OF_MEMORY, "out of memory creating the PlayStation GL renderer");
        return NULL;
    }
    g->base.ops = &gl_ops;
    g->batch_hooks = (psx_gl_batch_hooks){batch_flush, batch_barrier, transfer_writes, before_write};
    g->base.log = log;
    g->base.stats = stats;
    g->base.scale = scale;
    g->ctx = ctx;
    g->gl = &ctx->gl;
    g->width = (int)(PSX_VRAM_W * scale);
    g->height = (int)(PSX_VRAM_H * scale);
    g->host.version_line = ctx->glsl_version_line;
    g->host.scale = (uint8_t)scale; /* 1..8 (psx.c): compiled into the programs */
    g->desc = *desc;
    g->cache_dir = desc->shader_cache_dir ? strdup(desc->shader_cache_dir) : NULL;
    g->cache_title = desc->shader_cache_title ? strdup(desc->shader_cache_title) : NULL;
    g->desc.shader_cache_dir = g->cache_dir;
    g->desc.shader_cache_title = g->cache_title;
    if ((desc->shader_cache_dir && !g->cache_dir) || (desc->shader_cache_title && !g->cache_title))
        *result = GLHLE_FAIL(log, GLHLE_RESULT_OUT_OF_MEMORY, "out of memory copying the shader cache's names");
    else
        *result = make_gl(g);
    if (*result != GLHLE_RESULT_OK) {
        gl_destroy(&g->base);
        return NULL;
    }
    GLHLE_DEBUG(log, "PlayStation GL renderer: %dx%d VRAM, %s", g->width, g->height,
                g->host.framebuffer_fetch ? "framebuffer fetch"
                                          : (g->dest_copy ? "copies of what it reads" : "texture barriers"));
    return &g->base;
}

uint32_t psx_gl_default_host_bits(glhle_context *ctx)
{
    static const glhle_logger quiet = {NULL, NULL, GLHLE_LOG_ERROR};
    glhle_psx_stats stats = {0};
    const glhle_psx_desc desc = {0};
    glhle_result r;
    psx_renderer *ren = psx_gl_create(ctx, &quiet, &stats, 1, &desc, &r);
    if (!ren)
        return 0;
    const uint32_t bits = psx_program_host_bits(&((psx_gl *)ren)->host);
    ren->ops->destroy(ren);
    return bits;
}
