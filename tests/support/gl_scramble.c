#include "support/gl_scramble.h"

#include <stdlib.h>
#include <string.h>

#include <glad/egl.h>

static void *host_proc(void *user, const char *name)
{
    (void)user;
    return (void *)eglGetProcAddress(name);
}

static GLADapiproc host_load(void *user, const char *name)
{
    return (GLADapiproc)host_proc(user, name);
}

static const char host_vs[] = "#version 450 core\n"
                              "void main() { gl_Position = vec4(vec2(gl_VertexID & 1, gl_VertexID >> 1) * 2.0 - 1.0, "
                              "0.0, 1.0); }\n";
static const char host_fs[] = "#version 450 core\n"
                              "out vec4 c;\n"
                              "void main() { c = vec4(0.9, 0.1, 0.8, 0.3); }\n";

static GLuint host_shader(GladGLContext *gl, GLenum stage, const char *src)
{
    GLuint s = gl->CreateShader(stage);
    gl->ShaderSource(s, 1, &src, NULL);
    gl->CompileShader(s);
    GLint ok = 0;
    gl->GetShaderiv(s, GL_COMPILE_STATUS, &ok);
    assert_true(ok);
    return s;
}

static void make_host_objects(ts_host *h)
{
    GladGLContext *gl = &h->gl;
    gl->CreateTextures(GL_TEXTURE_2D, 1, &h->fbo_tex);
    gl->TextureStorage2D(h->fbo_tex, 1, GL_RGBA8, 64, 64);
    gl->CreateFramebuffers(1, &h->fbo);
    gl->NamedFramebufferTexture(h->fbo, GL_COLOR_ATTACHMENT0, h->fbo_tex, 0);
    assert_int_equal(gl->CheckNamedFramebufferStatus(h->fbo, GL_DRAW_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    GLuint vs = host_shader(gl, GL_VERTEX_SHADER, host_vs), fs = host_shader(gl, GL_FRAGMENT_SHADER, host_fs);
    h->program = gl->CreateProgram();
    gl->AttachShader(h->program, vs);
    gl->AttachShader(h->program, fs);
    gl->LinkProgram(h->program);
    gl->DeleteShader(vs);
    gl->DeleteShader(fs);
    gl->CreateVertexArrays(1, &h->vao);
    gl->CreateBuffers(1, &h->buffer);
    static uint8_t junk[65536];
    memset(junk, 0xA5, sizeof junk);
    gl->NamedBufferData(h->buffer, sizeof junk, junk, GL_STATIC_DRAW);
    /* a sampler that makes integer textures incomplete and floats blurry */
    gl->CreateSamplers(1, &h->sampler);
    gl->SamplerParameteri(h->sampler, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    gl->SamplerParameteri(h->sampler, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    gl->SamplerParameteri(h->sampler, GL_TEXTURE_WRAP_S, GL_MIRRORED_REPEAT);
    gl->SamplerParameteri(h->sampler, GL_TEXTURE_WRAP_T, GL_REPEAT);
    gl->SamplerParameterf(h->sampler, GL_TEXTURE_MIN_LOD, 3.0f);
    gl->SamplerParameteri(h->sampler, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
    int i = 0;
#define MAKE_TEX(target)                                                                \
    gl->CreateTextures(target, 1, &h->tex[i]);                                          \
    if (target == GL_TEXTURE_BUFFER)                                                    \
        gl->TextureBuffer(h->tex[i], GL_R32UI, h->buffer);                              \
    else if (target == GL_TEXTURE_2D_ARRAY)                                             \
        gl->TextureStorage3D(h->tex[i], 1, GL_RGBA8, 4, 4, 6);                          \
    else if (target == GL_TEXTURE_2D_MULTISAMPLE)                                       \
        gl->TextureStorage2DMultisample(h->tex[i], 4, GL_RGBA8, 4, 4, GL_TRUE);         \
    else if (target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY)                                 \
        gl->TextureStorage3DMultisample(h->tex[i], 4, GL_RGBA8, 4, 4, 2, GL_TRUE);      \
    else                                                                                \
        gl->TextureStorage2D(h->tex[i], 1, GL_RGBA8, 4, 4);                             \
    i++;
    TS_SCRAMBLED_TEXTURE_TARGETS(MAKE_TEX)
#undef MAKE_TEX
    assert_int_equal(gl->GetError(), GL_NO_ERROR);
}

void ts_host_open(ts_host *h, glhle_log_level level, bool debug)
{
    memset(h, 0, sizeof *h);
    ts_pin_gl_driver();
    assert_true(gladLoaderLoadEGL(EGL_NO_DISPLAY));
    EGLDisplay dpy = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    assert_true(dpy != EGL_NO_DISPLAY);
    assert_true(eglInitialize(dpy, NULL, NULL));
    assert_true(gladLoaderLoadEGL(dpy));
    assert_true(eglBindAPI(EGL_OPENGL_API));
    const EGLint attrs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    EGLContext c = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attrs);
    assert_true(c != EGL_NO_CONTEXT);
    assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c));
    h->dpy = dpy;
    h->egl_ctx = c;
    assert_true(gladLoadGLContextUserPtr(&h->gl, host_load, NULL));
    make_host_objects(h);
    glhle_context_desc d = {.mode = GLHLE_CONTEXT_EXTERNAL, .debug = debug, .log = ts_log_fn, .log_level = level};
    d.external.get_proc_address = host_proc;
    assert_int_equal(glhle_context_create(&d, &h->ctx), GLHLE_RESULT_OK);
}

void ts_host_new_context(ts_host *h, void (*before_destroy)(void *user), void (*after_current)(void *user),
                         void *user)
{
    if (before_destroy)
        before_destroy(user);
    const EGLint attrs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    EGLContext c = eglCreateContext(h->dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attrs);
    assert_true(c != EGL_NO_CONTEXT);
    assert_true(eglMakeCurrent(h->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c));
    assert_true(eglDestroyContext(h->dpy, h->egl_ctx));
    h->egl_ctx = c;
    assert_true(gladLoadGLContextUserPtr(&h->gl, host_load, NULL));
    make_host_objects(h);
    if (after_current)
        after_current(user);
}

void ts_host_close(ts_host *h)
{
    glhle_context_destroy(h->ctx);
    GladGLContext *gl = &h->gl;
    gl->DeleteFramebuffers(1, &h->fbo);
    gl->DeleteTextures(1, &h->fbo_tex);
    gl->DeleteTextures(5, h->tex);
    gl->DeleteProgram(h->program);
    gl->DeleteVertexArrays(1, &h->vao);
    gl->DeleteBuffers(1, &h->buffer);
    gl->DeleteSamplers(1, &h->sampler);
    eglMakeCurrent(h->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(h->dpy, h->egl_ctx);
    eglTerminate(h->dpy);
    eglReleaseThread();
    memset(h, 0, sizeof *h);
}

static GLenum pick(ts_rng *r, const GLenum *v, size_t n)
{
    return v[ts_rng_below(r, (uint32_t)n)];
}
#define PICK(r, ...) pick((r), (const GLenum[]){__VA_ARGS__}, sizeof((const GLenum[]){__VA_ARGS__}) / sizeof(GLenum))

void ts_gl_scramble(ts_host *h, ts_rng *r)
{
    GladGLContext *gl = &h->gl;
    h->scrambles++;
    /* bindings */
    gl->BindFramebuffer(GL_DRAW_FRAMEBUFFER, h->fbo);
    gl->BindFramebuffer(GL_READ_FRAMEBUFFER, h->fbo);
    gl->UseProgram(h->program);
    gl->BindVertexArray(h->vao);
    for (GLuint u = 0; u < 17; u++) { /* the units glhle.h names (the PICA ubershader's reach 16) */
        gl->ActiveTexture(GL_TEXTURE0 + u);
        int i = 0;
#define BIND_TEX(target) gl->BindTexture(target, h->tex[i++]);
        TS_SCRAMBLED_TEXTURE_TARGETS(BIND_TEX)
#undef BIND_TEX
        gl->BindSampler(u, h->sampler);
    }
    gl->ActiveTexture(GL_TEXTURE0 + ts_rng_below(r, 17));
    for (GLuint b = 0; b < 8; b++) {
        if (ts_rng_below(r, 2))
            gl->BindBufferBase(GL_UNIFORM_BUFFER, b, h->buffer);
        else
            gl->BindBufferRange(GL_UNIFORM_BUFFER, b, h->buffer, 256 * ts_rng_below(r, 8), 1024);
    }
#define BIND_BUF(target) gl->BindBuffer(target, h->buffer);
    TS_SCRAMBLED_BUFFER_TARGETS(BIND_BUF)
#undef BIND_BUF
    gl->BindImageTexture(0, h->tex[0], 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
    /* fixed function */
    gl->Viewport((GLint)ts_rng_below(r, 50), (GLint)ts_rng_below(r, 50), (GLsizei)(1 + ts_rng_below(r, 30)),
                 (GLsizei)(1 + ts_rng_below(r, 30)));
    gl->Scissor((GLint)ts_rng_below(r, 40), (GLint)ts_rng_below(r, 40), (GLsizei)(1 + ts_rng_below(r, 20)),
                (GLsizei)(1 + ts_rng_below(r, 20)));
#define CAP(cap) gl->Enable(cap);
    TS_SCRAMBLED_CAPS(CAP)
#undef CAP
    if (ts_rng_below(r, 4) == 0) /* now and then one off, so both directions are seen */
        gl->Disable(PICK(r, GL_BLEND, GL_DEPTH_TEST, GL_SCISSOR_TEST, GL_STENCIL_TEST, GL_RASTERIZER_DISCARD));
    gl->CullFace(PICK(r, GL_FRONT, GL_BACK, GL_FRONT_AND_BACK));
    gl->FrontFace(PICK(r, GL_CW, GL_CCW));
    gl->DepthFunc(PICK(r, GL_NEVER, GL_LESS, GL_GREATER, GL_EQUAL));
    gl->DepthMask(ts_rng_below(r, 2) ? GL_TRUE : GL_FALSE);
    gl->StencilFunc(PICK(r, GL_NEVER, GL_LESS, GL_NOTEQUAL), (GLint)ts_rng_below(r, 256), ts_rng_u32(r));
    gl->StencilOp(PICK(r, GL_INVERT, GL_ZERO, GL_INCR), PICK(r, GL_DECR, GL_REPLACE), PICK(r, GL_INVERT, GL_ZERO));
    gl->StencilMask(ts_rng_u32(r));
    gl->BlendEquationSeparate(PICK(r, GL_FUNC_SUBTRACT, GL_MIN, GL_MAX, GL_FUNC_REVERSE_SUBTRACT),
                              PICK(r, GL_FUNC_SUBTRACT, GL_MIN, GL_MAX));
    gl->BlendFuncSeparate(PICK(r, GL_ZERO, GL_DST_COLOR, GL_CONSTANT_ALPHA), PICK(r, GL_ONE, GL_SRC_ALPHA),
                          PICK(r, GL_ZERO, GL_ONE_MINUS_DST_ALPHA), PICK(r, GL_SRC_COLOR, GL_ONE));
    gl->BlendColor(0.25f, 0.5f, 0.75f, (float)ts_rng_below(r, 100) / 100.0f);
    gl->LogicOp(PICK(r, GL_XOR, GL_CLEAR, GL_INVERT, GL_NOR));
    gl->ColorMask(ts_rng_below(r, 2), ts_rng_below(r, 2), ts_rng_below(r, 2), GL_FALSE);
    gl->ClearColor(1.0f, 0.0f, 1.0f, 0.5f);
    /* current generic attribute values (context state, not the vertex array's) */
    for (GLuint a = 0; a < 16; a++)
        gl->VertexAttrib4fv(a, (const GLfloat[]){(float)ts_rng_below(r, 9) - 4.0f, 0.5f, -2.0f, 7.0f});
    /* pixel storage */
    static const GLint align[] = {1, 2, 4, 8};
#define STORE(p)                                                                                            \
    gl->PixelStorei(p, (p == GL_UNPACK_ALIGNMENT || p == GL_PACK_ALIGNMENT) ? align[ts_rng_below(r, 4)]     \
                                                                            : (GLint)(1 + ts_rng_below(r, 7)));
    TS_SCRAMBLED_PIXEL_STORE(STORE)
#undef STORE
    assert_int_equal(gl->GetError(), GL_NO_ERROR);
}

void ts_host_draw(ts_host *h)
{
    GladGLContext *gl = &h->gl;
    gl->BindFramebuffer(GL_DRAW_FRAMEBUFFER, h->fbo);
    gl->ClearBufferfv(GL_COLOR, 0, (const GLfloat[]){0.5f, 0.5f, 0.5f, 1.0f});
    gl->UseProgram(h->program);
    gl->BindVertexArray(h->vao);
    gl->DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    assert_int_equal(gl->GetError(), GL_NO_ERROR);
}
