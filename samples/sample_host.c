#include "sample_host.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/eglext.h>

void *sample_get_proc(void *user, const char *name)
{
    (void)user;
    return (void *)eglGetProcAddress(name);
}

void sample_log(void *user, const glhle_log_record *r)
{
    (void)user;
    fprintf(stderr, "glhle: %s\n", r->message);
}

#define LOAD(h, name) ((h)->name = (void *)eglGetProcAddress("gl" #name))

bool sample_host_open(sample_host *h)
{
    memset(h, 0, sizeof *h);
    h->dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (h->dpy == EGL_NO_DISPLAY || !eglInitialize(h->dpy, NULL, NULL) || !eglBindAPI(EGL_OPENGL_API)) {
        fprintf(stderr, "sample: no EGL surfaceless display (error 0x%04X)\n", eglGetError());
        return false;
    }
    const EGLint attrs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    h->ctx = eglCreateContext(h->dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attrs);
    if (h->ctx == EGL_NO_CONTEXT || !eglMakeCurrent(h->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, h->ctx)) {
        fprintf(stderr, "sample: cannot make a GL 4.5 core context current (error 0x%04X)\n", eglGetError());
        eglTerminate(h->dpy);
        return false;
    }
    LOAD(h, CreateTextures);
    LOAD(h, TextureStorage2D);
    LOAD(h, CreateFramebuffers);
    LOAD(h, NamedFramebufferTexture);
    LOAD(h, ClearNamedFramebufferfv);
    LOAD(h, GetTextureImage);
    LOAD(h, PixelStorei);
    LOAD(h, BindBuffer);
    LOAD(h, DeleteTextures);
    LOAD(h, DeleteFramebuffers);
    LOAD(h, GetError);
    return true;
}

void sample_host_close(sample_host *h)
{
    eglMakeCurrent(h->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(h->dpy, h->ctx);
    /* The display is left to the process's exit: Mesa unloads its driver at
     * eglTerminate, and a leak checker run at exit (the ASan build runs the
     * samples under one) could then no longer name, and skip, the driver's
     * own allocations. A long-lived host terminates it as usual. */
    eglReleaseThread();
}

void sample_target_create(sample_host *h, int width, int height, sample_target *t)
{
    t->width = width;
    t->height = height;
    h->CreateTextures(GL_TEXTURE_2D, 1, &t->tex);
    h->TextureStorage2D(t->tex, 1, GL_RGBA8, width, height);
    h->CreateFramebuffers(1, &t->fbo);
    h->NamedFramebufferTexture(t->fbo, GL_COLOR_ATTACHMENT0, t->tex, 0);
    const GLfloat grey[4] = {0.5f, 0.5f, 0.5f, 1.0f};
    h->ClearNamedFramebufferfv(t->fbo, GL_COLOR, 0, grey);
}

void sample_target_read(sample_host *h, const sample_target *t, uint8_t *rgba)
{
    /* glhle leaves pixel storage as its calls needed it (glhle.h): set what
     * this read relies on */
    h->BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    h->PixelStorei(GL_PACK_ALIGNMENT, 4);
    h->PixelStorei(GL_PACK_ROW_LENGTH, 0);
    h->PixelStorei(GL_PACK_SKIP_ROWS, 0);
    h->PixelStorei(GL_PACK_SKIP_PIXELS, 0);
    const size_t row = (size_t)t->width * 4;
    uint8_t *tmp = malloc(row * t->height);
    if (!tmp)
        abort();
    h->GetTextureImage(t->tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, (GLsizei)(row * t->height), tmp);
    for (int y = 0; y < t->height; y++) /* GL rows are bottom first */
        memcpy(rgba + (size_t)y * row, tmp + (size_t)(t->height - 1 - y) * row, row);
    free(tmp);
}

void sample_target_destroy(sample_host *h, sample_target *t)
{
    h->DeleteFramebuffers(1, &t->fbo);
    h->DeleteTextures(1, &t->tex);
}
