/* Presentation: LCD framebuffers into the instance's frame (present.h).
 * May call: the surface cache, display.c, gl_pass and backend/gl; it is
 * given what it reads (pica_presenter_desc) and knows no instance. */
#include "backend/pica/surface/present.h"

#include <stdlib.h>
#include <string.h>

#include "backend/common/image.h"
#include "backend/gl/gl_context.h"
#include "backend/gl/gl_state.h"
#include "backend/pica/surface/display.h"
#include "backend/pica/surface/gl_pass.h"
#include "backend/pica/surface/surface_cache.h"

struct pica_presenter {
    pica_presenter_desc d;
    bool have_frame;
    uint32_t width, height;  /* the last frame, in pixels */
    glhle_image image;       /* GL-free instances: the frame itself */
    /* GL instances: the frame as a texture + FBO, and the screen program */
    GLuint tex, fbo, vao, program;
    GLuint host_fbo;         /* external.texture attached here */
    GLint u_rect, u_rows;
    uint32_t tex_w, tex_h;
    bool program_failed;
    bool warned_incomplete;  /* a caller's framebuffer was incomplete: said once */
    bool frame_on_cpu;       /* after a context loss: the last frame is `image` until the next present */
};

/* One screen: LCD column c (a guest row of the linear surface) is frame
 * column c, texel k of the column is k pixels above the screen's bottom
 * edge (3dbrew "Framebuffers"). The surface texture keeps its last guest
 * row at GL row 0 (surface_cache.h), so guest row r is GL row rows-1-r.
 * Integer arithmetic maps each frame pixel to the same sub-texel at any
 * pair of scales (u_rect.z frame scale, u_rect.w surface scale). */
static const char screen_fs[] =
    "uniform sampler2D u_tex;\n"
    "uniform ivec4 u_rect;\n" /* viewport origin x, y; frame scale; surface scale */
    "uniform int u_rows;\n"   /* columns of the screen = guest rows of the surface */
    "out vec4 o_color;\n"
    "void main()\n"
    "{\n"
    "    ivec2 l = ivec2(gl_FragCoord.xy) - u_rect.xy;\n"
    "    int fs = u_rect.z, ss = u_rect.w;\n"
    "    int i = ((l.y % fs) * ss) / fs;\n"
    "    int j = ((l.x % fs) * ss) / fs;\n"
    "    ivec2 t = ivec2((l.y / fs) * ss + i, (u_rows - 1 - l.x / fs) * ss + (ss - 1 - j));\n"
    "    o_color = vec4(texelFetch(u_tex, t, 0).rgb, 1.0);\n"
    "}\n";

glhle_result pica_presenter_create(const pica_presenter_desc *desc, pica_presenter **out)
{
    pica_presenter *pr = calloc(1, sizeof *pr);
    if (!pr)
        return GLHLE_FAIL(desc->log, GLHLE_RESULT_OUT_OF_MEMORY, "pica: no memory for the presenter");
    pr->d = *desc;
    *out = pr;
    return GLHLE_RESULT_OK;
}

static void delete_frame(pica_presenter *pr)
{
    GladGLContext *gl = &pr->d.ctx->gl;
    /* the shared shadow forgets the names: a new frame target may get the
     * same ones, and binding it would be skipped (gl_pass.h) */
    if (pr->fbo) {
        pica_pass_forget_fbo(pr->d.gl, pr->fbo);
        gl->DeleteFramebuffers(1, &pr->fbo);
    }
    if (pr->tex) {
        pica_pass_forget_texture(pr->d.gl, pr->tex);
        gl->DeleteTextures(1, &pr->tex);
    }
    pr->fbo = pr->tex = 0;
    pr->tex_w = pr->tex_h = 0;
}

static void delete_gl(pica_presenter *pr)
{
    GladGLContext *gl = &pr->d.ctx->gl;
    delete_frame(pr);
    if (pr->vao)
        gl->DeleteVertexArrays(1, &pr->vao);
    if (pr->program)
        gl->DeleteProgram(pr->program);
    if (pr->host_fbo) {
        pica_pass_forget_fbo(pr->d.gl, pr->host_fbo);
        gl->DeleteFramebuffers(1, &pr->host_fbo);
    }
    pr->vao = pr->program = pr->host_fbo = 0;
    pr->program_failed = false;
}

void pica_presenter_destroy(pica_presenter *pr)
{
    if (!pr)
        return;
    if (pr->d.ctx && !pr->d.ctx->lost)
        delete_gl(pr);
    glhle_image_free(&pr->image);
    free(pr);
}

void pica_presenter_lose(pica_presenter *pr)
{
    if (pr->have_frame && pr->tex && !pr->frame_on_cpu) {
        glhle_image_free(&pr->image);
        if (glhle_image_alloc(&pr->image, pr->width, pr->height) == GLHLE_RESULT_OK &&
            pica_presenter_read(pr, pr->image.rgba, (size_t)pr->width * pr->height * 4, NULL, NULL) ==
                GLHLE_RESULT_OK)
            pr->frame_on_cpu = true;
        else
            pr->have_frame = false; /* no memory: the frame is gone, read_frame says NOT_FOUND */
    }
    delete_gl(pr);
}

void pica_presenter_restore(pica_presenter *pr, struct pica_surface_cache *surfaces)
{
    pr->d.surfaces = surfaces;
}

/* ---- CPU composition (GL-free instances) ------------------------------------- */

static glhle_result compose_cpu(pica_presenter *pr, const pica_lcd_params lcd[3], const pica_frame_layout *lay,
                                bool stereo)
{
    const pica_presenter_desc *p = &pr->d;
    if (pr->image.width != lay->width || pr->image.height != lay->height) {
        glhle_image_free(&pr->image);
        glhle_result r = glhle_image_alloc(&pr->image, lay->width, lay->height);
        if (r != GLHLE_RESULT_OK)
            return GLHLE_FAIL(p->log, r, "pica: present: no memory for a %ux%u frame", lay->width, lay->height);
    }
    for (size_t i = 0; i < (size_t)lay->width * lay->height; i++)
        memcpy(pr->image.rgba + i * 4, (const uint8_t[4]){0, 0, 0, 255}, 4);
    glhle_result first = GLHLE_RESULT_OK, r;
    r = pica_lcd_draw_cpu(&lcd[0], p->mem, &pr->image, lay->top_left_x, 0, p->log);
    first = first ? first : r;
    if (stereo) {
        r = pica_lcd_draw_cpu(&lcd[1], p->mem, &pr->image, lay->top_right_x, 0, p->log);
        first = first ? first : r;
    }
    r = pica_lcd_draw_cpu(&lcd[2], p->mem, &pr->image, lay->bottom_x, PICA_LCD_COLUMN, p->log);
    first = first ? first : r;
    pr->width = lay->width;
    pr->height = lay->height;
    return first;
}

/* ---- GL composition ---------------------------------------------------------------- */

static glhle_result ensure_gl(pica_presenter *pr, uint32_t w, uint32_t h)
{
    glhle_context *ctx = pr->d.ctx;
    GladGLContext *gl = &ctx->gl;
    if (!pr->program) {
        if (pr->program_failed)
            return GLHLE_RESULT_SHADER_ERROR;
        glhle_result r = pica_pass_program(ctx, screen_fs, &pr->program);
        if (r != GLHLE_RESULT_OK) {
            pr->program_failed = true;
            return GLHLE_FAIL(pr->d.log, r, "pica: present: the screen program did not build; nothing presented");
        }
        pr->u_rect = gl->GetUniformLocation(pr->program, "u_rect");
        pr->u_rows = gl->GetUniformLocation(pr->program, "u_rows");
        gl->ProgramUniform1i(pr->program, gl->GetUniformLocation(pr->program, "u_tex"), 0);
        gl->CreateVertexArrays(1, &pr->vao);
    }
    if (pr->tex_w == w && pr->tex_h == h)
        return GLHLE_RESULT_OK;
    delete_frame(pr);
    gl->CreateTextures(GL_TEXTURE_2D, 1, &pr->tex);
    gl->TextureStorage2D(pr->tex, 1, GL_RGBA8, (GLsizei)w, (GLsizei)h);
    gl->CreateFramebuffers(1, &pr->fbo);
    gl->NamedFramebufferTexture(pr->fbo, GL_COLOR_ATTACHMENT0, pr->tex, 0);
    if (gl->CheckNamedFramebufferStatus(pr->fbo, GL_DRAW_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        delete_frame(pr);
        return GLHLE_FAIL(pr->d.log, GLHLE_RESULT_GL_ERROR, "pica: present: a %ux%u frame target is incomplete",
                          w, h);
    }
    pr->tex_w = w;
    pr->tex_h = h;
    return GLHLE_RESULT_OK;
}

static glhle_result draw_screen(pica_presenter *pr, const pica_lcd_params *lcd, uint32_t x0, uint32_t y0)
{
    const pica_presenter_desc *p = &pr->d;
    if (!lcd->addr)
        return GLHLE_RESULT_OK;
    pica_screen_texture st;
    glhle_result r = pica_surface_cache_get_screen(p->surfaces, lcd->addr, lcd->format, lcd->pitch, lcd->columns, &st);
    if (r != GLHLE_RESULT_OK)
        return r;
    const uint32_t s = p->scale;
    /* frame rows are top-first in the layout, bottom-first in GL */
    const GLint gx = (GLint)(x0 * s), gy = (GLint)(pr->tex_h - (y0 + PICA_LCD_COLUMN) * s);
    pica_pass_begin(p->gl, pr->vao, pr->fbo, gx, gy, (GLsizei)(lcd->columns * s), (GLsizei)(PICA_LCD_COLUMN * s));
    gl_state_program(p->gl, pr->program);
    gl_state_texture(p->gl, 0, GL_TEXTURE_2D, st.texture);
    gl_state_sampler(p->gl, 0, 0);
    GladGLContext *gl = &p->ctx->gl;
    gl->Uniform4i(pr->u_rect, gx, gy, (GLint)s, (GLint)st.scale);
    gl->Uniform1i(pr->u_rows, (GLint)lcd->columns);
    gl->DrawArrays(GL_TRIANGLES, 0, 3);
    return GLHLE_RESULT_OK;
}

/* The frame fitted into (x, y, w, h) of `fbo`, centred, keeping its aspect.
 * A blit honours the scissor test (GL 4.6 section 18.3.1), which the host
 * or an earlier pass may have left on; an incomplete target (framebuffer 0
 * of a surfaceless context) would raise GL_INVALID_FRAMEBUFFER_OPERATION,
 * so it is not drawn into. */
static void blit_fitted(pica_presenter *pr, GLuint fbo, GLint x, GLint y, GLint w, GLint h, bool clear_bars)
{
    GladGLContext *gl = &pr->d.ctx->gl;
    if (w <= 0 || h <= 0)
        return;
    const GLenum status = gl->CheckNamedFramebufferStatus(fbo, GL_DRAW_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
        if (!pr->warned_incomplete)
            GLHLE_WARN(pr->d.log,
                       "pica: present: framebuffer %u is not complete (status 0x%04X); the frame is composed and "
                       "readable but not drawn into it (said once)",
                       fbo, status);
        pr->warned_incomplete = true;
        return;
    }
    gl_state_scissor(pr->d.gl, false, 0, 0, 0, 0);
    int64_t fw = w, fh = (int64_t)w * pr->tex_h / pr->tex_w;
    if (fh > h) {
        fh = h;
        fw = (int64_t)h * pr->tex_w / pr->tex_h;
    }
    const GLint ox = x + (GLint)((w - fw) / 2), oy = y + (GLint)((h - fh) / 2);
    if (clear_bars && (fw != w || fh != h)) {
        static const GLfloat black[4] = {0, 0, 0, 1};
        gl_state_framebuffer(pr->d.gl, fbo);
        gl_state_color_mask(pr->d.gl, true, true, true, true);
        gl_state_scissor(pr->d.gl, true, x, y, w, h);
        gl->ClearBufferfv(GL_COLOR, 0, black);
        gl_state_scissor(pr->d.gl, false, 0, 0, 0, 0);
    }
    const bool exact = fw == (int64_t)pr->tex_w && fh == (int64_t)pr->tex_h;
    gl->BlitNamedFramebuffer(pr->fbo, fbo, 0, 0, (GLint)pr->tex_w, (GLint)pr->tex_h, ox, oy, ox + (GLint)fw,
                             oy + (GLint)fh, GL_COLOR_BUFFER_BIT, exact ? GL_NEAREST : GL_LINEAR);
}

static glhle_result compose_gl(pica_presenter *pr, const glhle_pica_present_desc *desc, const pica_lcd_params lcd[3],
                               const pica_frame_layout *lay)
{
    const pica_presenter_desc *p = &pr->d;
    glhle_context *ctx = p->ctx;
    GladGLContext *gl = &ctx->gl;
    glhle_result r = gl_context_enter(ctx);
    if (r != GLHLE_RESULT_OK)
        return r;
    const uint32_t s = p->scale;
    r = ensure_gl(pr, lay->width * s, lay->height * s);
    if (r != GLHLE_RESULT_OK)
        return r;
    pica_pass_begin(p->gl, pr->vao, pr->fbo, 0, 0, (GLsizei)pr->tex_w, (GLsizei)pr->tex_h);
    const GLfloat black[4] = {0, 0, 0, 1};
    gl->ClearNamedFramebufferfv(pr->fbo, GL_COLOR, 0, black);
    glhle_result first = GLHLE_RESULT_OK;
    r = draw_screen(pr, &lcd[0], lay->top_left_x, 0);
    first = first ? first : r;
    if (desc->stereo) {
        r = draw_screen(pr, &lcd[1], lay->top_right_x, 0);
        first = first ? first : r;
    }
    r = draw_screen(pr, &lcd[2], lay->bottom_x, PICA_LCD_COLUMN);
    first = first ? first : r;
    pr->width = pr->tex_w;
    pr->height = pr->tex_h;
    pr->frame_on_cpu = false;
    if (ctx->mode == GLHLE_CONTEXT_WINDOW) {
        int w = 0, h = 0;
        glhle_context_drawable_size(ctx, &w, &h);
        gl->ClearNamedFramebufferfv(0, GL_COLOR, 0, black);
        blit_fitted(pr, 0, 0, 0, w, h, false);
    } else if (ctx->mode == GLHLE_CONTEXT_EXTERNAL) {
        const GLint w = desc->external.width ? desc->external.width : (GLint)pr->tex_w;
        const GLint h = desc->external.height ? desc->external.height : (GLint)pr->tex_h;
        GLuint fbo = desc->external.fbo;
        if (desc->external.texture) {
            if (!gl->IsTexture(desc->external.texture)) {
                GLHLE_ERROR(p->log, "pica: present: %u is not a texture of this context; the frame is composed "
                            "but not drawn into it", desc->external.texture);
                return first ? first : GLHLE_RESULT_INVALID_ARGUMENT;
            }
            if (!pr->host_fbo)
                gl->CreateFramebuffers(1, &pr->host_fbo);
            fbo = pr->host_fbo;
            gl->NamedFramebufferTexture(fbo, GL_COLOR_ATTACHMENT0, desc->external.texture, 0);
        }
        blit_fitted(pr, fbo, desc->external.x, desc->external.y, w, h, desc->external.clear_bars);
        if (desc->external.texture)
            gl->NamedFramebufferTexture(fbo, GL_COLOR_ATTACHMENT0, 0, 0);
    }
    return first;
}

glhle_result pica_present(pica_presenter *pr, const glhle_pica_present_desc *desc)
{
    static const char *const names[3] = {"top-left", "top-right", "bottom"};
    const glhle_pica_lcd_framebuffer *fbs[3] = {&desc->top_left, &desc->top_right, &desc->bottom};
    const uint32_t columns[3] = {PICA_LCD_TOP_COLUMNS, PICA_LCD_TOP_COLUMNS, PICA_LCD_BOTTOM_COLUMNS};
    pica_lcd_params lcd[3];
    glhle_result first = GLHLE_RESULT_OK;
    for (int i = 0; i < 3; i++) {
        if (i == 1 && !desc->stereo) {
            memset(&lcd[i], 0, sizeof lcd[i]);
            continue;
        }
        glhle_result r = pica_lcd_decode(fbs[i], columns[i], names[i], pr->d.mem, pr->d.log, &lcd[i]);
        if (r != GLHLE_RESULT_OK) {
            lcd[i].addr = 0; /* shown black */
            first = first ? first : r;
        }
    }
    pica_frame_layout lay;
    pica_frame_layout_get(desc->stereo, &lay);
    glhle_result r = pr->d.ctx ? compose_gl(pr, desc, lcd, &lay) : compose_cpu(pr, lcd, &lay, desc->stereo);
    if (pr->width) {
        pr->have_frame = true;
        pr->d.stats->presents++;
    }
    return first ? first : r;
}

glhle_result pica_presenter_read(pica_presenter *pr, void *rgba, size_t rgba_size, uint32_t *width, uint32_t *height)
{
    if (!pr->have_frame)
        return GLHLE_RESULT_NOT_FOUND;
    if (width)
        *width = pr->width;
    if (height)
        *height = pr->height;
    if (!rgba)
        return GLHLE_RESULT_OK;
    const size_t need = (size_t)pr->width * 4 * pr->height;
    if (rgba_size < need)
        return GLHLE_FAIL(pr->d.log, GLHLE_RESULT_OUT_OF_BOUNDS,
                          "pica: read_frame: a %ux%u frame needs %zu bytes, the buffer has %zu", pr->width, pr->height,
                          need, rgba_size);
    if (!pr->d.ctx || pr->frame_on_cpu) {
        memcpy(rgba, pr->image.rgba, need);
        return GLHLE_RESULT_OK;
    }
    glhle_result r = gl_context_enter(pr->d.ctx);
    if (r != GLHLE_RESULT_OK)
        return r;
    GladGLContext *gl = &pr->d.ctx->gl;
    pica_pixel_store(pr->d.ctx, 0, 4);
    gl->GetTextureImage(pr->tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, (GLsizei)need, rgba);
    glhle_image frame = {pr->width, pr->height, rgba}; /* GL rows are bottom first */
    glhle_image_flip_rows(&frame);
    return GLHLE_RESULT_OK;
}
