/* PlayStation VRAM in GL: the R16UI texture at scale x native size, and the
 * transfers that write and read it (GP0(02h) fill, GP0(80h) copy, GP0(A0h)
 * upload, GP0(C0h) and API read-back, CLUT snapshots). Every operation keeps
 * the top-left subpixel of each native pixel equal to the native value, which
 * is what read-back returns at any scale. */
#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/gl/gl_util.h"
#include "backend/psx/gl_renderer.h"

static GLuint make_texture(psx_gl *g, int w, int h)
{
    GladGLContext *gl = g->gl;
    GLuint t = 0;
    gl->GenTextures(1, &t);
    gl->BindTexture(GL_TEXTURE_2D, t);
    gl->TexStorage2D(GL_TEXTURE_2D, 1, GL_R16UI, w, h);
    gl->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    gl->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    gl->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    gl->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    return t;
}

static GLuint make_fbo(psx_gl *g, GLuint tex, glhle_result *r)
{
    GladGLContext *gl = g->gl;
    GLuint fbo = 0;
    gl->GenFramebuffers(1, &fbo);
    gl->BindFramebuffer(GL_FRAMEBUFFER, fbo);
    gl->FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    GLenum status = gl->CheckFramebufferStatus(GL_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE && *r == GLHLE_RESULT_OK)
        *r = GLHLE_FAIL(g->base.log, GLHLE_RESULT_UNSUPPORTED,
                        "the driver cannot render to an R16UI texture (framebuffer status 0x%04X); the PlayStation "
                        "GL renderer needs it",
                        status);
    return fbo;
}

static glhle_result build_blit(psx_gl *g, psx_blit_kind kind)
{
    glhle_bytebuf vs, fs;
    glhle_bytebuf_init(&vs, 1 << 16);
    glhle_bytebuf_init(&fs, 1 << 16);
    psx_blit_generate(kind, &g->host, &vs, &fs);
    psx_gl_blit *b = &g->blits[kind];
    glhle_result r = gl_link_program(g->ctx, glhle_bytebuf_cstr(&vs), glhle_bytebuf_cstr(&fs), &b->prog);
    glhle_bytebuf_free(&vs);
    glhle_bytebuf_free(&fs);
    if (r != GLHLE_RESULT_OK)
        return r;
    GladGLContext *gl = g->gl;
    b->u_dst = gl->GetUniformLocation(b->prog, "u_dst");
    b->u_target = gl->GetUniformLocation(b->prog, "u_target");
    b->u_scale = gl->GetUniformLocation(b->prog, "u_scale");
    b->u_src_origin = gl->GetUniformLocation(b->prog, "u_src_origin");
    b->u_src_scale = gl->GetUniformLocation(b->prog, "u_src_scale");
    b->u_mask = gl->GetUniformLocation(b->prog, "u_mask");
    b->u_clut_pos = gl->GetUniformLocation(b->prog, "u_clut_pos");
    gl->UseProgram(b->prog);
    gl->Uniform1i(gl->GetUniformLocation(b->prog, "u_src"), 0);
    gl->Uniform1i(gl->GetUniformLocation(b->prog, "u_fb"), 2);
    g->base.stats->programs++;
    return GLHLE_RESULT_OK;
}

glhle_result psx_gl_vram_create(psx_gl *g)
{
    GladGLContext *gl = g->gl;
    glhle_result r = GLHLE_RESULT_OK;
    g->vram = make_texture(g, g->width, g->height);
    g->vram_fbo = make_fbo(g, g->vram, &r);
    psx_gl_bind_vram_target(g, false);
    static const GLuint zero[4] = {0, 0, 0, 0};
    gl->ClearBufferuiv(GL_COLOR, 0, zero); /* power-on VRAM reads as zero here */
    g->scratch = make_texture(g, g->width, g->height);
    if (g->dest_copy)
        g->feedback = make_texture(g, g->width, g->height);
    g->upload_tex = make_texture(g, PSX_VRAM_W, PSX_VRAM_H);
    if (g->base.scale > 1) {
        g->native = make_texture(g, PSX_VRAM_W, PSX_VRAM_H);
        g->native_fbo = make_fbo(g, g->native, &r);
    }
    g->clut = make_texture(g, 256, 1);
    g->clut_fbo = make_fbo(g, g->clut, &r);
    gl->GenVertexArrays(1, &g->blit_vao);
    for (int k = 0; k < PSX_BLIT_KIND_COUNT_ && r == GLHLE_RESULT_OK; k++)
        r = build_blit(g, (psx_blit_kind)k);
    gl->BindFramebuffer(GL_FRAMEBUFFER, 0);
    return r;
}

void psx_gl_vram_destroy(psx_gl *g)
{
    GladGLContext *gl = g->gl;
    GLuint fbos[] = {g->vram_fbo, g->native_fbo, g->clut_fbo};
    GLuint texs[] = {g->vram, g->scratch, g->upload_tex, g->native, g->clut, g->feedback};
    gl->DeleteFramebuffers(3, fbos);
    gl->DeleteTextures(6, texs);
    if (g->blit_vao)
        gl->DeleteVertexArrays(1, &g->blit_vao);
    for (int k = 0; k < PSX_BLIT_KIND_COUNT_; k++)
        if (g->blits[k].prog)
            gl->DeleteProgram(g->blits[k].prog);
    /* psx_gl_create may build everything again (without framebuffer fetch);
     * the presenter's objects are the rasterizer's to drop (present.c
     * draws through this file, so it does not call back into present.c) */
    g->vram_fbo = g->native_fbo = g->clut_fbo = g->blit_vao = 0;
    g->vram = g->scratch = g->upload_tex = g->native = g->clut = g->feedback = 0;
    memset(g->blits, 0, sizeof g->blits);
}

/* Binds `fbo` (w x h pixels) for a pass and sets the fixed-function state
 * every pass assumes, in full each time: whoever else uses the context (an
 * external context's frontend, a PICA instance, which keeps its own shadow)
 * may have changed it since. `clip`: the four clip distances the drawing
 * programs write are on; the blit programs write none, so they are off. */
void psx_gl_bind_target(psx_gl *g, GLuint fbo, int w, int h, bool clip)
{
    GladGLContext *gl = g->gl;
    static const GLenum off[] = {GL_BLEND,        GL_COLOR_LOGIC_OP, GL_DEPTH_TEST,        GL_STENCIL_TEST,
                                 GL_CULL_FACE,    GL_SCISSOR_TEST,   GL_RASTERIZER_DISCARD};
    gl->BindFramebuffer(GL_FRAMEBUFFER, fbo);
    gl->Viewport(0, 0, w, h);
    for (size_t i = 0; i < sizeof off / sizeof off[0]; i++)
        gl->Disable(off[i]);
    gl->ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    /* a sampler object bound by someone else would override the NEAREST
     * filters integer textures need to be complete (units 0-2 are VRAM,
     * CLUT and the framebuffer copy) */
    for (GLuint u = 0; u < 3; u++)
        gl->BindSampler(u, 0);
    for (GLenum i = 0; i < 4; i++) {
        if (clip)
            gl->Enable(GL_CLIP_DISTANCE0 + i);
        else
            gl->Disable(GL_CLIP_DISTANCE0 + i);
    }
}

void psx_gl_bind_vram_target(psx_gl *g, bool clip)
{
    psx_gl_bind_target(g, g->vram_fbo, g->width, g->height, clip);
    if (clip && g->host.gl_coverage) /* native -1024..3072 x -512..1536: no drawn triangle is clipped */
        g->gl->Viewport(-g->width, -g->height, 4 * g->width, 4 * g->height);
}

/* Draws the native rectangle `dst` of the bound target with a blit program
 * whose other uniforms the caller has set. */
static void run_blit(psx_gl *g, const psx_gl_blit *b, psx_rect dst, float target_w, float target_h)
{
    GladGLContext *gl = g->gl;
    gl->Uniform4i(b->u_dst, dst.x0, dst.y0, dst.x1, dst.y1);
    gl->Uniform2f(b->u_target, target_w, target_h);
    gl->BindVertexArray(g->blit_vao);
    gl->DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    g->base.stats->draw_calls++;
}

static void copy_rects(psx_gl *g, GLuint to, const psx_rect *rects, int n)
{
    GladGLContext *gl = g->gl;
    int s = (int)g->base.scale;
    for (int i = 0; i < n; i++) {
        const psx_rect *q = &rects[i];
        if (psx_rect_empty(*q))
            continue;
        gl->CopyImageSubData(g->vram, GL_TEXTURE_2D, 0, q->x0 * s, q->y0 * s, 0, to, GL_TEXTURE_2D, 0, q->x0 * s,
                             q->y0 * s, 0, (q->x1 - q->x0 + 1) * s, (q->y1 - q->y0 + 1) * s, 1);
    }
}

void psx_gl_copy_to_feedback(psx_gl *g, const psx_rect *rects, int n)
{
    copy_rects(g, g->feedback, rects, n);
}

GLuint psx_gl_vram_source(const psx_gl *g)
{
    return g->dest_copy ? g->feedback : g->vram;
}

void psx_gl_copy_to_scratch(psx_gl *g, const psx_rect *rects, int n)
{
    /* glCopyImageSubData must see earlier rendering into VRAM, and does by
     * the GL's ordering rules; Mesa 22.3's llvmpipe copies on the CPU without
     * waiting for rasterisation still under way, so a texture barrier (which
     * waits there) goes first. Found by fuzz_psx_gl. */
    g->batch_hooks.barrier(g);
    copy_rects(g, g->scratch, rects, n);
}

void psx_gl_snapshot_clut(psx_gl *g)
{
    GladGLContext *gl = g->gl;
    const psx_gl_blit *b = &g->blits[PSX_BLIT_CLUT];
    psx_gl_bind_target(g, g->clut_fbo, 256, 1, false);
    gl->UseProgram(b->prog);
    gl->Uniform1i(b->u_scale, (GLint)g->base.scale);
    gl->Uniform2i(b->u_clut_pos, (GLint)g->clut_x, (GLint)g->clut_y);
    gl->ActiveTexture(GL_TEXTURE0);
    gl->BindTexture(GL_TEXTURE_2D, g->vram);
    run_blit(g, b, (psx_rect){0, 0, (int32_t)g->clut_count - 1, 0}, 256.0f, 1.0f);
}

/* The start of every transfer that writes VRAM: the context current, the
 * destination split at the VRAM edges, a live CLUT under it saved, and the
 * batch drawn (it precedes the transfer). Returns the piece count, 0 if the
 * context cannot be made current. */
static int begin_write(psx_gl *g, uint32_t x, uint32_t y, uint32_t w, uint32_t h, psx_rect parts[4])
{
    if (gl_context_enter(g->ctx) != GLHLE_RESULT_OK)
        return 0;
    int n = psx_rect_wrap(x, y, w, h, parts);
    for (int i = 0; i < n; i++)
        g->batch_hooks.before_write(g, parts[i]);
    g->batch_hooks.flush(g);
    return n;
}

/* Writes native rectangle pieces of a transfer with the mask rules, reading
 * from `src` (native when src_scale is 1, else laid out like VRAM); when
 * `src` is VRAM itself, `vram_reads` (n_reads) are the rectangles it
 * samples, which the pieces do not meet. */
static void transfer(psx_gl *g, GLuint src, int src_scale, const psx_rect *dst, const int32_t (*src_origin)[2],
                     int n, bool mask_set, bool mask_check, const psx_rect *vram_reads, int n_reads)
{
    GladGLContext *gl = g->gl;
    const psx_gl_blit *b = &g->blits[PSX_BLIT_TRANSFER];
    g->batch_hooks.transfer_writes(g, dst, n, mask_check, vram_reads, n_reads);
    if (g->dest_copy && mask_check) /* the pixels it tests, as they are now */
        psx_gl_copy_to_feedback(g, dst, n);
    psx_gl_bind_vram_target(g, false);
    gl->UseProgram(b->prog);
    gl->Uniform1i(b->u_scale, (GLint)g->base.scale);
    gl->Uniform1i(b->u_src_scale, src_scale);
    gl->Uniform1i(b->u_mask, (mask_set ? 1 : 0) | (mask_check ? 2 : 0));
    gl->ActiveTexture(GL_TEXTURE0);
    gl->BindTexture(GL_TEXTURE_2D, src);
    gl->ActiveTexture(GL_TEXTURE2);
    gl->BindTexture(GL_TEXTURE_2D, psx_gl_vram_source(g));
    for (int i = 0; i < n; i++) {
        gl->Uniform2i(b->u_src_origin, src_origin[i][0], src_origin[i][1]);
        run_blit(g, b, dst[i], (float)PSX_VRAM_W, (float)PSX_VRAM_H);
    }
}

static bool ranges_overlap(uint32_t a, uint32_t b, uint32_t len, uint32_t size)
{
    /* do [a, a+len) and [b, b+len) meet on a circle of `size`? */
    if (len >= size)
        return true;
    uint32_t d = (b - a) & (size - 1);
    return d < len || d > size - len;
}

/* Where in the source the first pixel of destination piece `part` (of a
 * copy from (sx, sy) to (dx, dy), `row` rows down) comes from. */
static void copy_origin(uint32_t sx, uint32_t sy, uint32_t dx, uint32_t dy, uint32_t row, psx_rect part,
                        int32_t origin[2])
{
    origin[0] = (int32_t)((sx + (((uint32_t)part.x0 - dx) & (PSX_VRAM_W - 1))) & (PSX_VRAM_W - 1));
    origin[1] = (int32_t)((sy + row + (((uint32_t)part.y0 - dy - row) & (PSX_VRAM_H - 1))) & (PSX_VRAM_H - 1));
}

void psx_gl_copy(psx_renderer *r, uint32_t sx, uint32_t sy, uint32_t dx, uint32_t dy, uint32_t w, uint32_t h,
                 bool mask_set, bool mask_check)
{
    psx_gl *g = (psx_gl *)r;
    psx_rect dparts[4];
    int nd = begin_write(g, dx, dy, w, h, dparts);
    if (!nd)
        return;
    int32_t origin[4][2];
    /* Source and destination apart (and a texture barrier, not copies, to
     * order feedback): the copy samples VRAM directly, as a primitive samples
     * its texture page, with the same hazard bookkeeping. A copy through
     * `scratch` costs a glCopyImageSubData, which llvmpipe runs on the CPU
     * after waiting for all rendering so far (about 0.6 ms of CPU a copy,
     * docs/performance.md). */
    psx_rect src[4];
    int ns = psx_rect_wrap(sx, sy, w, h, src);
    bool apart = !g->dest_copy;
    for (int i = 0; i < ns && apart; i++)
        for (int j = 0; j < nd && apart; j++)
            apart = !psx_rect_overlap(src[i], dparts[j]);
    if (apart) {
        for (int i = 0; i < nd; i++)
            copy_origin(sx, sy, dx, dy, 0, dparts[i], origin[i]);
        transfer(g, g->vram, (int)r->scale, dparts, origin, nd, mask_set, mask_check, src, ns);
        return;
    }
    /* Rows are copied top to bottom, each read whole before it is written. A
     * row then reads what an earlier row of the same copy wrote when the
     * destination lies d rows below the source (0 < d < h) and the columns
     * meet: copy in bands of d rows so each band sees the previous one. */
    uint32_t d = (dy - sy) & (PSX_VRAM_H - 1);
    uint32_t band = (d != 0 && d < h && ranges_overlap(sx, dx, w, PSX_VRAM_W)) ? d : h;
    for (uint32_t row = 0; row < h; row += band) {
        uint32_t bh = h - row < band ? h - row : band;
        psx_rect sparts[4], parts[4];
        int nsb = psx_rect_wrap(sx, sy + row, w, bh, sparts);
        psx_gl_copy_to_scratch(g, sparts, nsb);
        int n = psx_rect_wrap(dx, dy + row, w, bh, parts);
        for (int i = 0; i < n; i++)
            copy_origin(sx, sy, dx, dy, row, parts[i], origin[i]);
        transfer(g, g->scratch, (int)r->scale, parts, origin, n, mask_set, mask_check, NULL, 0);
    }
}

void psx_gl_upload(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, const uint16_t *pixels,
                   bool mask_set, bool mask_check)
{
    psx_gl *g = (psx_gl *)r;
    GladGLContext *gl = g->gl;
    psx_rect parts[4];
    int n = begin_write(g, x, y, w, h, parts);
    if (!n)
        return;
    gl_pixel_store(g->ctx, (GLint)w, 2);
    int32_t origin[4][2];
    for (int i = 0; i < n; i++) {
        origin[i][0] = (int32_t)(((uint32_t)parts[i].x0 - x) & (PSX_VRAM_W - 1));
        origin[i][1] = (int32_t)(((uint32_t)parts[i].y0 - y) & (PSX_VRAM_H - 1));
    }
    if (r->scale == 1 && !mask_set && !mask_check) { /* straight into VRAM */
        g->batch_hooks.barrier(g); /* the CPU-side write must not race rasterisation (see psx_gl_copy_to_scratch) */
        g->batch_hooks.transfer_writes(g, parts, n, false, NULL, 0);
        gl->BindTexture(GL_TEXTURE_2D, g->vram);
        for (int i = 0; i < n; i++)
            gl->TexSubImage2D(GL_TEXTURE_2D, 0, parts[i].x0, parts[i].y0, parts[i].x1 - parts[i].x0 + 1,
                              parts[i].y1 - parts[i].y0 + 1, GL_RED_INTEGER, GL_UNSIGNED_SHORT,
                              pixels + (size_t)origin[i][1] * w + (size_t)origin[i][0]);
        gl->PixelStorei(GL_UNPACK_ROW_LENGTH, 0);
        return;
    }
    gl->BindTexture(GL_TEXTURE_2D, g->upload_tex);
    gl->TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, (GLsizei)w, (GLsizei)h, GL_RED_INTEGER, GL_UNSIGNED_SHORT, pixels);
    gl->PixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    transfer(g, g->upload_tex, 1, parts, origin, n, mask_set, mask_check, NULL, 0);
}

/* Reads rectangle `q` (texels of the target) of `fbo` into out with row length row_len. */
void psx_gl_read_part(psx_gl *g, GLuint fbo, psx_rect q, uint16_t *out, uint32_t row_len)
{
    GladGLContext *gl = g->gl;
    gl->BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    gl_pixel_store(g->ctx, (GLint)row_len, 2);
    gl->ReadPixels(q.x0, q.y0, q.x1 - q.x0 + 1, q.y1 - q.y0 + 1, GL_RED_INTEGER, GL_UNSIGNED_SHORT, out);
    gl->PixelStorei(GL_PACK_ROW_LENGTH, 0);
}

void psx_gl_read(psx_renderer *r, uint32_t x, uint32_t y, uint32_t w, uint32_t h, uint16_t *out)
{
    psx_gl *g = (psx_gl *)r;
    if (gl_context_enter(g->ctx) != GLHLE_RESULT_OK) {
        memset(out, 0, sizeof(uint16_t) * w * h);
        return;
    }
    g->batch_hooks.flush(g);
    psx_rect parts[4];
    int n = psx_rect_wrap(x, y, w, h, parts);
    GLuint fbo = g->vram_fbo;
    if (r->scale > 1) { /* the top-left subpixels into the native target first */
        GladGLContext *gl = g->gl;
        const psx_gl_blit *b = &g->blits[PSX_BLIT_DOWNSAMPLE];
        psx_gl_bind_target(g, g->native_fbo, PSX_VRAM_W, PSX_VRAM_H, false);
        gl->UseProgram(b->prog);
        gl->Uniform1i(b->u_scale, (GLint)r->scale);
        gl->ActiveTexture(GL_TEXTURE0);
        gl->BindTexture(GL_TEXTURE_2D, g->vram);
        for (int i = 0; i < n; i++)
            run_blit(g, b, parts[i], (float)PSX_VRAM_W, (float)PSX_VRAM_H);
        fbo = g->native_fbo;
    }
    for (int i = 0; i < n; i++) {
        uint32_t col = ((uint32_t)parts[i].x0 - x) & (PSX_VRAM_W - 1);
        uint32_t row = ((uint32_t)parts[i].y0 - y) & (PSX_VRAM_H - 1);
        psx_gl_read_part(g, fbo, parts[i], out + (size_t)row * w + col, w);
    }
}

void psx_gl_load_clut(psx_renderer *r, uint32_t x, uint32_t y, uint32_t count)
{
    psx_gl *g = (psx_gl *)r;
    /* Nothing to copy yet: VRAM under the CLUT is the cache until something
     * overwrites it (batch_hooks.before_write). Primitives already batched with an
     * older snapshot keep it: a new snapshot flushes them first. */
    g->clut_live = true;
    g->clut_x = x;
    g->clut_y = y;
    g->clut_count = count;
}

glhle_result psx_gl_read_rgba(psx_renderer *r, uint8_t *rgba)
{
    psx_gl *g = (psx_gl *)r;
    glhle_result res = gl_context_enter(g->ctx);
    if (res != GLHLE_RESULT_OK)
        return res;
    g->batch_hooks.flush(g);
    size_t n = (size_t)g->width * (size_t)g->height;
    uint16_t *words = malloc(n * sizeof(uint16_t));
    if (!words)
        return GLHLE_FAIL(r->log, GLHLE_RESULT_OUT_OF_MEMORY, "out of memory reading %dx%d VRAM", g->width,
                          g->height);
    psx_gl_read_part(g, g->vram_fbo, (psx_rect){0, 0, g->width - 1, g->height - 1}, words, (uint32_t)g->width);
    for (size_t i = 0; i < n; i++) /* GL row 0 is VRAM row 0, the top */
        psx_rgba_from_555(words[i], rgba + i * 4);
    free(words);
    return glhle_context_check_gl(g->ctx);
}
