/* The host side of the samples: what an emulator core (or a libretro
 * frontend) already has before it hands glhle its GL context. Here: an EGL
 * surfaceless GL 4.5 core context (Mesa's EGL_PLATFORM_SURFACELESS_MESA,
 * no display needed), the few GL calls the core makes itself, and its own
 * framebuffer for glhle to present into; and the core's logger. */
#ifndef GLHLE_SAMPLE_HOST_H
#define GLHLE_SAMPLE_HOST_H

#include <stdbool.h>
#include <stdint.h>

#include <EGL/egl.h>
#include <GL/glcorearb.h>

#include <glhle/glhle.h>

typedef struct sample_host {
    EGLDisplay dpy;
    EGLContext ctx;
    PFNGLCREATETEXTURESPROC CreateTextures;
    PFNGLTEXTURESTORAGE2DPROC TextureStorage2D;
    PFNGLCREATEFRAMEBUFFERSPROC CreateFramebuffers;
    PFNGLNAMEDFRAMEBUFFERTEXTUREPROC NamedFramebufferTexture;
    PFNGLCLEARNAMEDFRAMEBUFFERFVPROC ClearNamedFramebufferfv;
    PFNGLGETTEXTUREIMAGEPROC GetTextureImage;
    PFNGLPIXELSTOREIPROC PixelStorei;
    PFNGLBINDBUFFERPROC BindBuffer;
    PFNGLDELETETEXTURESPROC DeleteTextures;
    PFNGLDELETEFRAMEBUFFERSPROC DeleteFramebuffers;
    PFNGLGETERRORPROC GetError;
} sample_host;

/* The core's framebuffer: an RGBA8 texture attached to a framebuffer. */
typedef struct sample_target {
    GLuint tex, fbo;
    int width, height;
} sample_target;

/* Creates the context and makes it current; false (and a message on
 * stderr) when the machine has no EGL surfaceless GL 4.5. */
bool sample_host_open(sample_host *h);
void sample_host_close(sample_host *h);
/* The get_proc_address a core hands glhle (glhle_context_desc.external). */
void *sample_get_proc(void *user, const char *name);

/* glhle's log lines to stderr (glhle_context_desc.log). */
void sample_log(void *user, const glhle_log_record *r);

void sample_target_create(sample_host *h, int width, int height, sample_target *t);
/* The target's pixels as RGBA8, top row first (width * height * 4 bytes). */
void sample_target_read(sample_host *h, const sample_target *t, uint8_t *rgba);
void sample_target_destroy(sample_host *h, sample_target *t);

#endif
