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
/* uniform buffer bindings shadowed: Maxwell's draws use 0-69 (5 stages x
 * MW_GL_UBOS_PER_STAGE), PICA's a few below 8 */
#define GL_STATE_UBO_BINDINGS 70

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

/* The draw path's state beyond what every backend sets (the Maxwell draw
 * path, render/draw.c): per-target blending and colour masks, the back
 * stencil face, the raster state glhle otherwise leaves at GL's defaults.
 * Unknown as the rest of the shadow is (all bits set); the per-target and
 * whole-framebuffer setters keep each other's shadows true. */
enum {
    GL_RASTER_DEPTH_CLAMP,
    GL_RASTER_OFFSET_FILL,
    GL_RASTER_OFFSET_LINE,
    GL_RASTER_OFFSET_POINT,
    GL_RASTER_PROGRAM_POINT_SIZE,
    GL_RASTER_PRIMITIVE_RESTART,
    GL_RASTER_FRAMEBUFFER_SRGB, /* GL's default: off on desktop GL, on on ES (EXT_sRGB_write_control) */
    GL_RASTER_CAP_COUNT
};
#define GL_STATE_DRAW_BUFFERS 8
/* Viewports, depth ranges and scissors the shadow keeps by index
 * (GL_MAX_VIEWPORTS is at least 16: GL 4.6 table 23.53) */
#define GL_STATE_VIEWPORTS 16

typedef struct gl_raster {
    gl_stencil stencil_back;          /* s.stencil is the front face's (and the back's when both were set) */
    uint8_t blend_on, blend_unknown;  /* per draw buffer, bit i */
    gl_blend blend_target[GL_STATE_DRAW_BUFFERS]; /* equations and factors (enable unused) */
    uint8_t color_mask[GL_STATE_DRAW_BUFFERS];    /* RGBA bits 0-3; 0xFF unknown */
    uint16_t clip_mask;               /* GL_CLIP_DISTANCE0..7 enabled, bit i; 0xFFFF unknown */
    int8_t caps[GL_RASTER_CAP_COUNT];
    GLenum polygon_mode;
    float offset[3];                  /* factor, units, clamp */
    GLuint restart_index;
    float point_size, line_width;
    GLenum clip_origin, clip_depth, provoking;
    /* by index (glViewportIndexedf, glDepthRangeIndexed, glScissorIndexed);
     * glViewport and glScissor set every index (GL 4.6 13.6.1, 14.9.2), so
     * gl_state_viewport and gl_state_scissor keep these true too, and
     * scissors[0] is gl_shadow.scissor */
    float viewports[GL_STATE_VIEWPORTS][4];
    double depth_ranges[GL_STATE_VIEWPORTS][2];
    GLint scissors[GL_STATE_VIEWPORTS][4];
} gl_raster;

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
    gl_raster x;
} gl_shadow;

typedef struct gl_state {
    glhle_context *ctx;
    gl_shadow s;
    uint32_t epoch;           /* ctx->state_epoch the shadow is valid for */
    uint64_t issued, skipped; /* GL calls made and avoided, for tests and benchmarks */
    uint64_t invalidations;   /* times the shadow was forgotten */
    bool raster_dirty;        /* a gl_raster setter ran since gl_state_raster_defaults */
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
/* Someone bound `unit`'s texture or sampler with a GL call of its own (the
 * Maxwell draw path: textures that stay bound after the draw, whose names
 * the texture cache may delete and reuse): the shadow forgets the unit, so
 * the next gl_state_texture / gl_state_sampler of it is issued. No GL call;
 * units beyond the shadow are ignored. */
void gl_state_forget_texture_unit(gl_state *st, unsigned unit);
void gl_state_uniform_buffer(gl_state *st, unsigned binding, GLuint buffer, GLintptr offset, GLsizeiptr size);

/* ---- the draw path's extra state (gl_raster) ----
 * The draw path sets what a draw needs and nothing is put back per draw;
 * gl_state_raster_defaults, once at the end of a public call, returns what
 * the contract of include/glhle/glhle.h says glhle leaves at GL's
 * defaults (depth clamp, polygon mode and offset, point and line state,
 * primitive restart, clip distances 0-7, clip control) and what other
 * shadows rely on. */
/* Both faces; the test on or off (`front->enable`). */
void gl_state_stencil_faces(gl_state *st, const gl_stencil *front, const gl_stencil *back);
/* Draw buffer i's blending: b NULL turns it off. */
void gl_state_blend_target(gl_state *st, unsigned i, const gl_blend *b);
/* Draw buffer i's colour mask, RGBA in bits 0-3. */
void gl_state_color_mask_target(gl_state *st, unsigned i, unsigned rgba);
/* GL_CLIP_DISTANCE0..7 by bit; also keeps GL_RASTERIZER_DISCARD off. */
void gl_state_clip_distances(gl_state *st, unsigned mask);
void gl_state_raster_cap(gl_state *st, unsigned cap, bool on);
void gl_state_polygon_mode(gl_state *st, GLenum mode);
/* glPolygonOffsetClamp where the GL has it, else glPolygonOffset (clamp ignored) */
void gl_state_polygon_offset(gl_state *st, float factor, float units, float clamp);
void gl_state_restart_index(gl_state *st, GLuint index);
void gl_state_point_size(gl_state *st, float size);
void gl_state_line_width(gl_state *st, float width);
/* glClipControl; false, changing nothing, where the host has none (ES
 * without EXT_clip_control) and the request is not GL's default
 * (GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE): the caller refuses the draw. */
bool gl_state_clip_control(gl_state *st, GLenum origin, GLenum depth);
void gl_state_provoking_vertex(gl_state *st, GLenum mode);
/* Viewport, depth range and scissor rectangle `i` (the indexed forms;
 * indices past GL_STATE_VIEWPORTS are ignored); each issues its call only
 * when index i's shadow differs. The scissor test itself stays
 * gl_state_scissor's one switch for all indices. */
void gl_state_viewport_indexed(gl_state *st, unsigned i, const float v[4]);
void gl_state_depth_range_indexed(gl_state *st, unsigned i, double n, double f);
void gl_state_scissor_indexed(gl_state *st, unsigned i, const GLint s[4]);
/* GL's defaults again for the raster state above when a setter ran since
 * the last call (cheap otherwise: no GL call). */
void gl_state_raster_defaults(gl_state *st);

#endif
