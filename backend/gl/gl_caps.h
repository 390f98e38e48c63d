/* The host-capability layer: where a context lacks something the backends
 * call (direct state access, texture readback, texture clears and views,
 * buffer storage, clip control, indexed viewports, logic ops, ...), this one
 * place decides the alternative once, at context creation, and installs it
 * in the context's function table (ctx->gl), so the systems' GL stages call
 * the same entry points on every host:
 *
 *   desktop GL 4.5 core  every entry point is the driver's own;
 *   OpenGL ES 3.2        ES 3.2 core where it has the function; else the
 *                        extension with the same signature (EXT_clip_control,
 *                        EXT_buffer_storage, EXT_clear_texture,
 *                        EXT/OES_texture_view, OES_viewport_array,
 *                        NV_texture_barrier); else an emulation here
 *                        (without a texture barrier, a copy of the target
 *                        region for draws that read it: gl_caps_dest_copy):
 *                        DSA by bind-edit-restore, glGetTexture(Sub)Image by
 *                        an FBO and glReadPixels in the formats ES can read
 *                        (converted on the CPU to what the caller asked for;
 *                        snorm levels through a bit-exact copy into the
 *                        signed integer format of their size), uploads in
 *                        pairs ES does not take repacked on the CPU into
 *                        ones it does (BGRA, the _REV packed orders),
 *                        texture clears by an FBO clear; 1D textures by
 *                        2D ones of height 1; what has no
 *                        alternative is refused with its name in the log.
 *
 * gl_caps_describe() gives the choices as one line ("dsa=emulated
 * readback=fbo+readpixels ..."); it is logged at creation and returned by
 * glhle_context_host_choices(). The host config shader generators read
 * (pica_fs_host, psx_shader_host) carries the profile from ctx->info; keys
 * never do. */
#ifndef GLHLE_GL_CAPS_H
#define GLHLE_GL_CAPS_H

#include "backend/gl/gl_context.h"

/* Decides and installs the alternatives for ctx (its GL entry points loaded,
 * ctx->info queried, the context current). `load` finds entry points by
 * name ("glClearTexImageEXT"): the same loader the table was loaded with.
 * Also called again after glhle_context_restored. */
void gl_caps_init(glhle_context *ctx, GLADuserptrloadfunc load, void *load_user);
/* Frees what gl_caps_init made (its readback framebuffer, the target table). */
void gl_caps_destroy(glhle_context *ctx);
/* The emulations find their context through this (the GL context current on
 * the thread is ctx's): called on every gl_context_enter. */
void gl_caps_bind(glhle_context *ctx);
/* True when the host has no texture barrier: a draw whose shader reads the
 * colour target without framebuffer fetch must read a copy of the region it
 * draws, made into a scratch texture before the draw (glCopyImageSubData),
 * instead of the target after glTextureBarrier. The one place that decides;
 * the PICA draw path and the PlayStation renderer follow it. */
bool gl_caps_dest_copy(const glhle_context *ctx);
/* SPIR-V modules as shaders: desktop GL 4.6, or GL_ARB_gl_spirv (whose
 * glSpecializeShaderARB gl_caps_init loads into the table's
 * SpecializeShader), with glShaderBinary; never on ES; off with
 * GLHLE_CAPS_DISABLE=GL_ARB_gl_spirv, and on Mesa unless its shader cache
 * is off (MESA_SHADER_CACHE_DISABLE=true: gl_caps.c says why). The Maxwell draw path's SPIR-V
 * programs (glhle_maxwell_desc.shader_path, programs.h
 * MW_PROGRAM_HOST_SPIRV) need it; gl_util.h's SPIR-V texts load with it. */
bool gl_caps_spirv(const glhle_context *ctx);
/* Why gl_caps_spirv is false (ES, no extension, switched off, or Mesa with
 * its shader cache on: gl_caps.c); "" when it is true. */
const char *gl_caps_spirv_why_not(const glhle_context *ctx);
/* Whether GLHLE_CAPS_DISABLE names `name`: for glhle's own fast paths that
 * a start-up check enables (GLHLE_psx_gl_coverage, backend/psx), so tests
 * reach the path a driver without them takes. */
bool gl_caps_switched_off(const char *name);
/* True when the host has only the last-vertex provoking convention (OpenGL
 * ES: no glProvokingVertex, 12.5 of the ES 3.2 specification): a draw that
 * needs the first vertex to provoke its flat values draws its primitives as
 * a list rewritten so that vertex comes last (provoking.h). The one place
 * that decides; the Maxwell draw path (SET_PROVOKING_VERTEX FIRST) follows
 * it. PICA has no flat inputs and the PlayStation programs' flat inputs are
 * per-primitive attributes every vertex holds alike, so neither needs it. */
bool gl_caps_first_vertex_by_indices(const glhle_context *ctx);
/* True when the host has no polygon mode (OpenGL ES 3.2: no glPolygonMode;
 * NV_polygon_mode is not used): a draw of triangles with polygon mode LINE
 * or POINT goes through a geometry shader that emits each triangle's edges
 * as a closed line strip or its corners as points, and culls the triangle
 * itself (by the sign of its clip-space determinant), since GL culls no
 * lines or points; GL draws it with FILL and culling off. The one place
 * that decides; the Maxwell draw path (render/programs.h,
 * MW_PROGRAM_HOST_POLYGON_*) follows it. */
bool gl_caps_polygon_mode_by_gs(const glhle_context *ctx);
/* True when the host has no 1D textures (OpenGL ES 3.2: no TEXTURE_1D or
 * TEXTURE_1D_ARRAY target, GLSL ES 3.20 no 1D sampler): a 1D texture is a
 * 2D texture of height 1 and a 1D array a 2D array of height-1 layers, and
 * the programs that sample them declare 2D (array) samplers, sample at
 * y = 0.5 and fetch at y = 0. The one place that decides; the Maxwell
 * textures (render/textures.c) follow it, and so does its translator
 * (mw_spirv_input.tex_1d_as_2d), through the program host bit GLES, which is
 * set exactly where this is true. */
bool gl_caps_texture_1d_as_2d(const glhle_context *ctx);
/* Without EXT/OES_texture_view, glTextureView makes `view` a texture of
 * the view's format holding a copy of the original's texels (the only
 * reinterpretation glhle asks for, RGBA8 as R32UI, is a bit-for-bit copy).
 * This keeps such a copy in step: `to_view` copies the original into it
 * (before a pass reads or updates it), else it back into the original
 * (after a pass wrote it). Nothing where views are real. */
void gl_caps_view_sync(glhle_context *ctx, GLuint view, bool to_view);
/* True when glTextureView makes real views (desktop GL 4.3, or
 * EXT/OES_texture_view on ES), false where gl_caps stands in copies for
 * them: a caller that renders through a view (the Maxwell draw path's
 * layered targets whose first layers differ) needs a real one. */
bool gl_caps_texture_views(const glhle_context *ctx);
/* The signed integer format of a signed normalized one's size (one view
 * class, GL 4.6 / ES 3.2 table 8.22: glCopyImageSubData copies between
 * them bit for bit), 0 for other formats; *bits the component's bits. */
GLenum gl_caps_snorm_as_int(GLenum internal, int *bits);
/* "dsa=native readback=native ..." */
const char *gl_caps_describe(const glhle_context *ctx);

#endif
