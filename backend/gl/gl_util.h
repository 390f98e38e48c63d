/* Small GL helpers every backend uses: shader programs with readable errors,
 * render targets, and readback into images. */
#ifndef GLHLE_GL_UTIL_H
#define GLHLE_GL_UTIL_H

#include "backend/common/bytebuf.h"
#include "backend/common/image.h"
#include "backend/gl/gl_context.h"

/* A SPIR-V module where GLSL text goes (the program service's texts, the
 * disk cache's GLSL records, compile workers' jobs), so that every path a
 * text takes carries a module unchanged: the line "#glhle spirv N\n", then
 * the N 32-bit words as 8 hex digits each, eight to a line. A text of
 * that form is loaded with glShaderBinary (GL_SHADER_BINARY_FORMAT_SPIR_V)
 * and glSpecializeShader (entry point "main", no specialization
 * constants) by gl_compile_shader and the compile workers, anything else
 * with glShaderSource; the stages of one program must all be one or the
 * other (ARB_gl_spirv: linking SPIR-V and GLSL shaders together is an
 * error). Needs gl_caps_spirv. */
#define GL_SPIRV_TEXT_TAG "#glhle spirv "
#define GL_SPIRV_TEXT_MAX_WORDS (1u << 22) /* 16 MiB of module: the translator's word limit is far below */
bool gl_spirv_text_append(glhle_bytebuf *out, const uint32_t *words, size_t n);
bool gl_text_is_spirv(const char *text);
/* The words of such a text (malloc'd into *words, *n of them), or false
 * for a text that is not one or is malformed (a count over the limit, a
 * digit missing). */
bool gl_spirv_text_words(const char *text, uint32_t **words, size_t *n);
/* Gives shader `sh` its text (GLSL source or a SPIR-V text) and compiles or
 * specializes it; the caller reads GL_COMPILE_STATUS. False when a SPIR-V
 * text is malformed or the host has no SPIR-V shaders (nothing given to GL). */
bool gl_shader_text(GladGLContext *gl, GLuint sh, const char *text);

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
