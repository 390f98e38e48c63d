/* Helpers for the PICA backend's own full-screen GL passes (display
 * transfers, reinterpretations, downscales, presentation): a program from
 * a fragment shader body with the shared prelude and full-screen-triangle
 * vertex shader, and the fixed-function state such a pass needs, set
 * through the shared gl_state so the draw path's shadow stays right. */
#ifndef GLHLE_PICA_GL_PASS_H
#define GLHLE_PICA_GL_PASS_H

#include "backend/gl/gl_context.h"
#include "backend/gl/gl_state.h"

/* Links "version line + precision prelude + fs_body" with a vertex shader
 * that covers the viewport with one triangle (glDrawArrays(GL_TRIANGLES,
 * 0, 3), no attributes). */
glhle_result pica_pass_program(glhle_context *ctx, const char *fs_body, GLuint *out);

/* No culling, depth, stencil, blending, logic op, scissor or clip plane;
 * all colour channels written; `vao` bound (an empty VAO: core profiles
 * need one); `fbo` bound for drawing with the viewport (x, y, w, h). */
void pica_pass_begin(gl_state *st, GLuint vao, GLuint fbo, GLint x, GLint y, GLsizei w, GLsizei h);

/* Points GL_PIXEL_{UN,}PACK_BUFFER nowhere and sets tight packing, for
 * client-memory uploads and readbacks of `row_pixels`-wide rows. */
void pica_pixel_store(glhle_context *ctx, GLint row_pixels, GLint alignment);

/* The shared shadow must not remember a GL name that is being deleted
 * (GL unbinds it, and may hand the name out again): call before deleting. */
void pica_pass_forget_texture(gl_state *st, GLuint tex);
void pica_pass_forget_fbo(gl_state *st, GLuint fbo);

#endif
