/* A shadow of the GL state the backends set, so a draw issues only the calls
 * whose value differs from what the GL already has. Every setter compares
 * with the shadow; after foreign code touched the GL (an external context's
 * frontend, a test), gl_state_invalidate() fills the shadow with values no
 * setter can pass (all bits set: name ~0, enum ~0, flag -1, NaN) so the next
 * setters re-issue everything. Every setter also checks the context's
 * state_epoch first and invalidates when it moved: in external mode it moves
 * once per public call that touches GL, so nothing glhle set before the
 * call is trusted (include/glhle/glhle.h, "External contexts"). No
 * allocation. */
#ifndef GLHLE_GL_STATE_H
#define GLHLE_GL_STATE_H

#include "backend/gl/gl_context.h"

/* the PICA ubershader samples units 0-16 (shadergen/pica_fs_uber.h) */
#define GL_STATE_TEXTURE_UNITS 17
#define GL_STATE_UBO_BINDINGS 8

/* Flags in the shadow are int8_t: 0, 1, or -1 for "unknown". */
typedef struct gl_blend {
    int8_t enable;
    GLenum eq_rgb, eq_alpha;
    GLenum src_rgb, dst_rgb, src_alpha, dst_alpha;
} gl_blend;

typedef struct gl_stencil {
    int8_t enable;
    GLenum func;
    GLint ref;
    GLuint func_mask, write_mask;
    GLenum sfail, dpfail, dppass;
} gl_stencil;

typedef struct gl_shadow {
    GLuint program, vao, draw_fbo, read_fbo;
    GLint viewport[4];
    int8_t scissor_enable;
    GLint scissor[4];
    int8_t cull_enable;
    GLenum cull_face, front_face;
    int8_t depth_test;
    GLenum depth_func;
    int8_t depth_mask;
    gl_stencil stencil;
    gl_blend blend;
    float blend_color[4];
    int8_t logic_enable;
    GLenum logic_op;
    int8_t color_mask[4];
    int8_t clip_distance0;
    int8_t others_off;       /* GL_CLIP_DISTANCE1..3 and GL_RASTERIZER_DISCARD are disabled */
    GLuint textures[GL_STATE_TEXTURE_UNITS];   /* per unit, with the target below */
    GLenum texture_targets[GL_STATE_TEXTURE_UNITS];
    GLuint samplers[GL_STATE_TEXTURE_UNITS];
    GLuint ubos[GL_STATE_UBO_BINDINGS];
    GLintptr ubo_offsets[GL_STATE_UBO_BINDINGS];
    GLsizeiptr ubo_sizes[GL_STATE_UBO_BINDINGS];
} gl_shadow;

typedef struct gl_state {
    glhle_context *ctx;
    gl_shadow s;
    uint32_t epoch;           /* ctx->state_epoch the shadow is valid for */
    uint64_t issued, skipped; /* GL calls made and avoided, for tests and benchmarks */
    uint64_t invalidations;   /* times the shadow was forgotten */
} gl_state;

void gl_state_init(gl_state *st, glhle_context *ctx);
void gl_state_invalidate(gl_state *st);

void gl_state_program(gl_state *st, GLuint program);
void gl_state_vertex_array(gl_state *st, GLuint vao);
void gl_state_framebuffer(gl_state *st, GLuint draw_fbo);
void gl_state_read_framebuffer(gl_state *st, GLuint read_fbo);
void gl_state_viewport(gl_state *st, GLint x, GLint y, GLint w, GLint h);
void gl_state_scissor(gl_state *st, bool enable, GLint x, GLint y, GLint w, GLint h);
void gl_state_cull(gl_state *st, bool enable, GLenum face, GLenum front);
void gl_state_depth(gl_state *st, bool test, GLenum func, bool write);
void gl_state_stencil(gl_state *st, const gl_stencil *s);
void gl_state_blend(gl_state *st, const gl_blend *b);
void gl_state_blend_color(gl_state *st, const float rgba[4]);
void gl_state_logic_op(gl_state *st, bool enable, GLenum op);
void gl_state_color_mask(gl_state *st, bool r, bool g, bool b, bool a);
/* Also keeps GL_CLIP_DISTANCE1..3 and GL_RASTERIZER_DISCARD disabled. */
void gl_state_clip_distance0(gl_state *st, bool enable);
/* Binds `texture` on `unit` as `target` (0 unbinds whatever is there). */
void gl_state_texture(gl_state *st, unsigned unit, GLenum target, GLuint texture);
void gl_state_sampler(gl_state *st, unsigned unit, GLuint sampler);
void gl_state_uniform_buffer(gl_state *st, unsigned binding, GLuint buffer, GLintptr offset, GLsizeiptr size);

#endif
