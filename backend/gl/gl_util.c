#include "backend/gl/gl_util.h"

#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_caps.h"

/* Logs the info log, then each source line the log names (Mesa and NVIDIA
 * both write "0:LINE(COL)" or "0(LINE)"), so a failing generated shader can
 * be read from the log alone. */
static const char *stage_compile_name(GLenum stage)
{
    switch (stage) {
    case GL_VERTEX_SHADER: return "vertex shader compile";
    case GL_GEOMETRY_SHADER: return "geometry shader compile";
    case GL_COMPUTE_SHADER: return "compute shader compile";
    default: return "fragment shader compile";
    }
}

static void log_shader_failure(glhle_context *ctx, const char *what, const char *info, const char *source)
{
    GLHLE_ERROR(&ctx->log, "%s: %s", what, info);
    if (!source)
        return;
    const char *p = info;
    int shown = 0, last = 0;
    while ((p = strstr(p, "0:")) != NULL && shown < 8) {
        int line = atoi(p + 2);
        p += 2;
        if (line <= 0 || line == last)
            continue;
        last = line;
        const char *s = source;
        for (int l = 1; l < line && s; l++) {
            s = strchr(s, '\n');
            if (s)
                s++;
        }
        if (!s)
            continue;
        const char *e = strchr(s, '\n');
        int len = e ? (int)(e - s) : (int)strlen(s);
        GLHLE_ERROR(&ctx->log, "  %4d | %.*s", line, len, s);
        shown++;
    }
}

bool gl_spirv_text_append(glhle_bytebuf *out, const uint32_t *words, size_t n)
{
    if (n > GL_SPIRV_TEXT_MAX_WORDS || !glhle_bytebuf_printf(out, GL_SPIRV_TEXT_TAG "%zu\n", n))
        return false;
    for (size_t i = 0; i < n; i++)
        if (!glhle_bytebuf_printf(out, "%08x%c", (unsigned)words[i], i % 8 == 7 || i + 1 == n ? '\n' : ' '))
            return false;
    return true;
}

bool gl_text_is_spirv(const char *text)
{
    return text && strncmp(text, GL_SPIRV_TEXT_TAG, sizeof GL_SPIRV_TEXT_TAG - 1) == 0;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

bool gl_spirv_text_words(const char *text, uint32_t **words, size_t *n)
{
    *words = NULL;
    *n = 0;
    if (!gl_text_is_spirv(text))
        return false;
    const char *p = text + sizeof GL_SPIRV_TEXT_TAG - 1;
    size_t count = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        count = count * 10 + (size_t)(*p - '0');
        if (count > GL_SPIRV_TEXT_MAX_WORDS)
            return false;
    }
    if (*p != '\n' || count == 0)
        return false;
    uint32_t *w = malloc(count * sizeof *w);
    if (!w)
        return false;
    p++;
    for (size_t i = 0; i < count; i++) {
        uint32_t v = 0;
        for (int d = 0; d < 8; d++) {
            const int h = hex_digit(*p++);
            if (h < 0) {
                free(w);
                return false;
            }
            v = v << 4 | (uint32_t)h;
        }
        if (*p != ' ' && *p != '\n') {
            free(w);
            return false;
        }
        p++;
        w[i] = v;
    }
    *words = w;
    *n = count;
    return true;
}

bool gl_shader_text(GladGLContext *gl, GLuint sh, const char *text)
{
    if (!gl_text_is_spirv(text)) {
        gl->ShaderSource(sh, 1, &text, NULL);
        gl->CompileShader(sh);
        return true;
    }
    uint32_t *words;
    size_t n;
    if (!gl->ShaderBinary || !gl->SpecializeShader || !gl_spirv_text_words(text, &words, &n))
        return false;
    gl->ShaderBinary(1, &sh, GL_SHADER_BINARY_FORMAT_SPIR_V, words, (GLsizei)(n * 4));
    gl->SpecializeShader(sh, "main", 0, NULL, NULL);
    free(words);
    return true;
}

glhle_result gl_compile_shader(glhle_context *ctx, GLenum stage, const char *source, GLuint *out)
{
    GladGLContext *gl = &ctx->gl;
    *out = 0;
    GLuint sh = gl->CreateShader(stage);
    if (!sh)
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_GL_ERROR, "glCreateShader failed");
    if (!gl_shader_text(gl, sh, source)) {
        gl->DeleteShader(sh);
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_SHADER_ERROR, "%s: a SPIR-V module%s",
                          stage_compile_name(stage), gl_caps_spirv(ctx) ? " that is malformed" : " on a host without "
                          "SPIR-V shaders (GL 4.6 or GL_ARB_gl_spirv)");
    }
    GLint ok = 0;
    gl->GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char info[4096] = "";
        gl->GetShaderInfoLog(sh, sizeof info, NULL, info);
        log_shader_failure(ctx, stage_compile_name(stage), info, gl_text_is_spirv(source) ? NULL : source);
        gl->DeleteShader(sh);
        return GLHLE_RESULT_SHADER_ERROR;
    }
    *out = sh;
    return GLHLE_RESULT_OK;
}

glhle_result gl_link_program(glhle_context *ctx, const char *vs, const char *fs, GLuint *out)
{
    return gl_link_program_ex(ctx, vs, fs, false, out);
}

/* Links the compiled stages sh[0..n) into a program and deletes them,
 * whether or not the link succeeds; `what` names a failure in the log. */
static glhle_result link_stages(glhle_context *ctx, const GLuint *sh, int n, bool retrievable, const char *what,
                                GLuint *out)
{
    GladGLContext *gl = &ctx->gl;
    GLuint p = gl->CreateProgram();
    for (int i = 0; i < n; i++)
        gl->AttachShader(p, sh[i]);
    if (retrievable && ctx->info.program_binary)
        gl->ProgramParameteri(p, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
    gl->LinkProgram(p);
    for (int i = 0; i < n; i++) {
        gl->DetachShader(p, sh[i]);
        gl->DeleteShader(sh[i]);
    }
    GLint ok = 0;
    gl->GetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char info[4096] = "";
        gl->GetProgramInfoLog(p, sizeof info, NULL, info);
        log_shader_failure(ctx, what, info, NULL);
        gl->DeleteProgram(p);
        return GLHLE_RESULT_SHADER_ERROR;
    }
    *out = p;
    return GLHLE_RESULT_OK;
}

glhle_result gl_link_program_ex(glhle_context *ctx, const char *vs, const char *fs, bool retrievable, GLuint *out)
{
    *out = 0;
    if (!vs || !fs)
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_INVALID_ARGUMENT, "gl_link_program needs both stages");
    GLuint sh[2];
    glhle_result r = gl_compile_shader(ctx, GL_VERTEX_SHADER, vs, &sh[0]);
    if (r != GLHLE_RESULT_OK)
        return r;
    r = gl_compile_shader(ctx, GL_FRAGMENT_SHADER, fs, &sh[1]);
    if (r != GLHLE_RESULT_OK) {
        ctx->gl.DeleteShader(sh[0]);
        return r;
    }
    return link_stages(ctx, sh, 2, retrievable, "program link", out);
}

glhle_result gl_link_program_vgf(glhle_context *ctx, const char *vs, const char *gs, const char *fs, GLuint *out)
{
    return gl_link_program_vgf_ex(ctx, vs, gs, fs, false, out);
}

glhle_result gl_link_program_vgf_ex(glhle_context *ctx, const char *vs, const char *gs, const char *fs,
                                    bool retrievable, GLuint *out)
{
    static const GLenum stage[3] = {GL_VERTEX_SHADER, GL_GEOMETRY_SHADER, GL_FRAGMENT_SHADER};
    const char *const src[3] = {vs, gs, fs};
    return gl_link_program_stages(ctx, stage, src, 3, retrievable, out);
}

glhle_result gl_link_program_stages(glhle_context *ctx, const GLenum *stages, const char *const *sources, int n,
                                    bool retrievable, GLuint *out)
{
    *out = 0;
    GLuint sh[5];
    if (n < 1 || n > 5)
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_INVALID_ARGUMENT, "gl_link_program_stages: %d stages", n);
    for (int i = 0; i < n; i++) {
        glhle_result r = sources[i] ? gl_compile_shader(ctx, stages[i], sources[i], &sh[i])
                                    : GLHLE_FAIL(&ctx->log, GLHLE_RESULT_INVALID_ARGUMENT,
                                                 "gl_link_program_stages: stage %d has no source", i);
        if (r != GLHLE_RESULT_OK) {
            for (int k = 0; k < i; k++)
                ctx->gl.DeleteShader(sh[k]);
            return r;
        }
    }
    return link_stages(ctx, sh, n, retrievable, "program link", out);
}

glhle_result gl_link_compute_ex(glhle_context *ctx, const char *cs, bool retrievable, GLuint *out)
{
    *out = 0;
    GLuint c;
    glhle_result r = gl_compile_shader(ctx, GL_COMPUTE_SHADER, cs, &c);
    if (r != GLHLE_RESULT_OK)
        return r;
    return link_stages(ctx, &c, 1, retrievable, "compute program link", out);
}

glhle_result gl_target_create(glhle_context *ctx, int width, int height, bool depth_stencil, gl_target *out)
{
    GladGLContext *gl = &ctx->gl;
    memset(out, 0, sizeof *out);
    if (width <= 0 || height <= 0 || width > ctx->info.max_texture_size || height > ctx->info.max_texture_size)
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_INVALID_ARGUMENT, "render target %dx%d outside 1..%d", width,
                          height, ctx->info.max_texture_size);
    gl->GenTextures(1, &out->color);
    gl->BindTexture(GL_TEXTURE_2D, out->color);
    gl->TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, width, height);
    gl->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    gl->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    gl->GenFramebuffers(1, &out->fbo);
    gl->BindFramebuffer(GL_FRAMEBUFFER, out->fbo);
    gl->FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, out->color, 0);
    if (depth_stencil) {
        gl->GenTextures(1, &out->depth_stencil);
        gl->BindTexture(GL_TEXTURE_2D, out->depth_stencil);
        gl->TexStorage2D(GL_TEXTURE_2D, 1, GL_DEPTH24_STENCIL8, width, height);
        gl->FramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_TEXTURE_2D, out->depth_stencil, 0);
    }
    gl->BindTexture(GL_TEXTURE_2D, 0);
    GLenum status = gl->CheckFramebufferStatus(GL_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
        gl_target_destroy(ctx, out);
        return GLHLE_FAIL(&ctx->log, GLHLE_RESULT_GL_ERROR, "render target %dx%d incomplete (0x%04X)", width, height,
                          status);
    }
    out->width = width;
    out->height = height;
    return GLHLE_RESULT_OK;
}

void gl_target_destroy(glhle_context *ctx, gl_target *t)
{
    GladGLContext *gl = &ctx->gl;
    if (t->fbo)
        gl->DeleteFramebuffers(1, &t->fbo);
    if (t->color)
        gl->DeleteTextures(1, &t->color);
    if (t->depth_stencil)
        gl->DeleteTextures(1, &t->depth_stencil);
    memset(t, 0, sizeof *t);
}

glhle_result gl_read_rgba(glhle_context *ctx, GLuint fbo, int x, int y, int w, int h, glhle_image *out)
{
    GladGLContext *gl = &ctx->gl;
    if (w <= 0 || h <= 0)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    glhle_result r = glhle_image_alloc(out, (uint32_t)w, (uint32_t)h);
    if (r != GLHLE_RESULT_OK)
        return r;
    gl->BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    gl_pixel_store(ctx, 0, 4);
    gl->ReadPixels(x, y, w, h, GL_RGBA, GL_UNSIGNED_BYTE, out->rgba);
    glhle_image_flip_rows(out);
    return GLHLE_RESULT_OK;
}

void gl_pixel_store(glhle_context *ctx, GLint row_pixels, GLint alignment)
{
    GladGLContext *gl = &ctx->gl;
    gl->BindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    gl->BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    gl->PixelStorei(GL_UNPACK_ALIGNMENT, alignment);
    gl->PixelStorei(GL_UNPACK_ROW_LENGTH, row_pixels);
    gl->PixelStorei(GL_UNPACK_SKIP_ROWS, 0);
    gl->PixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
    gl->PixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
    gl->PixelStorei(GL_UNPACK_SKIP_IMAGES, 0);
    gl->PixelStorei(GL_PACK_ALIGNMENT, alignment);
    gl->PixelStorei(GL_PACK_ROW_LENGTH, row_pixels);
    gl->PixelStorei(GL_PACK_SKIP_ROWS, 0);
    gl->PixelStorei(GL_PACK_SKIP_PIXELS, 0);
}
