/* Small GL helpers every backend uses: shader programs with readable errors,
 * render targets, and readback into images. */
#ifndef GLHLE_GL_UTIL_H
#define GLHLE_GL_UTIL_H

#include "backend/common/image.h"
#include "backend/gl/gl_context.h"

/* Compiles one shader stage; on failure logs the info log with the source's
 * numbered lines around each error and returns SHADER_ERROR. */
glhle_result gl_compile_shader(glhle_context *ctx, GLenum stage, const char *source, GLuint *out);
/* Compiles and links a vertex + fragment program (either may be NULL for
 * separable use: not supported, both are required). */
glhle_result gl_link_program(glhle_context *ctx, const char *vs, const char *fs, GLuint *out);
/* The same; `retrievable` asks the driver to keep the program's binary for
 * glGetProgramBinary (GL_PROGRAM_BINARY_RETRIEVABLE_HINT, where binaries exist). */
glhle_result gl_link_program_ex(glhle_context *ctx, const char *vs, const char *fs, bool retrievable, GLuint *out);
/* A vertex, geometry and fragment shader linked into one program. */
glhle_result gl_link_program_vgf(glhle_context *ctx, const char *vs, const char *gs, const char *fs, GLuint *out);
/* The same, `retrievable` asking for a program binary (the disk cache). */
glhle_result gl_link_program_vgf_ex(glhle_context *ctx, const char *vs, const char *gs, const char *fs,
                                    bool retrievable, GLuint *out);
/* Shaders of `n` (1-5) stages (GL_VERTEX_SHADER, GL_TESS_CONTROL_SHADER, ...,
 * each with its source) linked into one program, `retrievable` as above. */
glhle_result gl_link_program_stages(glhle_context *ctx, const GLenum *stages, const char *const *sources, int n,
                                    bool retrievable, GLuint *out);
/* A program of one compute shader (logged on failure like gl_link_program). */
glhle_result gl_link_compute_ex(glhle_context *ctx, const char *cs, bool retrievable, GLuint *out);

/* An offscreen colour target (RGBA8) with an optional depth24/stencil8. */
typedef struct gl_target {
    GLuint fbo, color, depth_stencil;
    int width, height;
} gl_target;

glhle_result gl_target_create(glhle_context *ctx, int width, int height, bool depth_stencil, gl_target *out);
void gl_target_destroy(glhle_context *ctx, gl_target *t);

/* Reads an RGBA8 rectangle of the framebuffer bound for reading from `fbo`
 * (0 = default framebuffer) into `out`, top row first. */
glhle_result gl_read_rgba(glhle_context *ctx, GLuint fbo, int x, int y, int w, int h, glhle_image *out);

/* Points GL_PIXEL_{UN,}PACK_BUFFER nowhere and sets every pixel-storage
 * field glhle relies on, for client-memory uploads and readbacks of
 * `row_pixels`-wide rows (0: the width of the transfer). The host of an
 * external context may have left any of them changed. */
void gl_pixel_store(glhle_context *ctx, GLint row_pixels, GLint alignment);

/* The smoke scene: clear colour GL_SMOKE_CLEAR, one right triangle with
 * corners at pixel (w/8, h/8) [red], (7w/8, h/8) [green], (w/8, 7h/8) [blue]
 * measured from the top-left, vertex colours interpolated. Renders into a new
 * target and reads it back. */
#define GL_SMOKE_CLEAR_R 25
#define GL_SMOKE_CLEAR_G 51
#define GL_SMOKE_CLEAR_B 76
glhle_result gl_smoke_render(glhle_context *ctx, int width, int height, glhle_image *out);

#endif
