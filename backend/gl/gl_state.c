#include "backend/gl/gl_state.h"

#include <string.h>

void gl_state_init(gl_state *st, glhle_context *ctx)
{
    memset(st, 0, sizeof *st);
    st->ctx = ctx;
    st->epoch = ctx->state_epoch;
    gl_state_invalidate(st);
}

void gl_state_invalidate(gl_state *st)
{
    memset(&st->s, 0xFF, sizeof st->s);
    st->invalidations++;
}

/* The shadow is forgotten when the context's epoch moved since it was last
 * used (external mode: once per public call; see gl_context.h) or when
 * another shadow (another instance on the same context) set state since:
 * two instances taking turns on one context would otherwise each trust
 * what the other changed. */
static inline void fresh(gl_state *st)
{
    if (st->epoch != st->ctx->state_epoch || st->ctx->state_owner != st) {
        st->epoch = st->ctx->state_epoch;
        st->ctx->state_owner = st;
        gl_state_invalidate(st);
    }
}

static bool changed(gl_state *st, bool differs)
{
    if (!differs) {
        st->skipped++;
        return false;
    }
    st->issued++;
    return true;
}

static void enable(GladGLContext *gl, GLenum cap, bool on)
{
    if (on)
        gl->Enable(cap);
    else
        gl->Disable(cap);
}

void gl_state_program(gl_state *st, GLuint program)
{
    fresh(st);
    if (changed(st, st->s.program != program)) {
        st->ctx->gl.UseProgram(program);
        st->s.program = program;
    }
}

void gl_state_vertex_array(gl_state *st, GLuint vao)
{
    fresh(st);
    if (changed(st, st->s.vao != vao)) {
        st->ctx->gl.BindVertexArray(vao);
        st->s.vao = vao;
    }
}

void gl_state_framebuffer(gl_state *st, GLuint fbo)
{
    fresh(st);
    if (changed(st, st->s.draw_fbo != fbo)) {
        st->ctx->gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
        st->s.draw_fbo = fbo;
    }
}

void gl_state_read_framebuffer(gl_state *st, GLuint fbo)
{
    fresh(st);
    if (changed(st, st->s.read_fbo != fbo)) {
        st->ctx->gl.BindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
        st->s.read_fbo = fbo;
    }
}

void gl_state_viewport(gl_state *st, GLint x, GLint y, GLint w, GLint h)
{
    fresh(st);
    GLint v[4] = {x, y, w, h};
    if (changed(st, memcmp(st->s.viewport, v, sizeof v) != 0)) {
        st->ctx->gl.Viewport(x, y, w, h);
        memcpy(st->s.viewport, v, sizeof v);
        /* every viewport, 0 included, is this one now */
        const float f[4] = {(float)x, (float)y, (float)w, (float)h};
        for (unsigned i = 0; i < GL_STATE_VIEWPORTS; i++)
            memcpy(st->s.x.viewports[i], f, sizeof f);
    }
}

void gl_state_scissor(gl_state *st, bool on, GLint x, GLint y, GLint w, GLint h)
{
    fresh(st);
    if (changed(st, st->s.scissor_enable != on)) {
        enable(&st->ctx->gl, GL_SCISSOR_TEST, on);
        st->s.scissor_enable = on;
    }
    if (!on)
        return;
    GLint s[4] = {x, y, w, h};
    if (changed(st, memcmp(st->s.scissor, s, sizeof s) != 0)) {
        st->ctx->gl.Scissor(x, y, w, h);
        memcpy(st->s.scissor, s, sizeof s);
        for (unsigned i = 0; i < GL_STATE_VIEWPORTS; i++) /* every index is this one now */
            memcpy(st->s.x.scissors[i], s, sizeof s);
    }
}

void gl_state_cull(gl_state *st, bool on, GLenum face, GLenum front)
{
    fresh(st);
    if (changed(st, st->s.cull_enable != on)) {
        enable(&st->ctx->gl, GL_CULL_FACE, on);
        st->s.cull_enable = on;
    }
    if (!on)
        return;
    if (changed(st, st->s.cull_face != face)) {
        st->ctx->gl.CullFace(face);
        st->s.cull_face = face;
    }
    if (changed(st, st->s.front_face != front)) {
        st->ctx->gl.FrontFace(front);
        st->s.front_face = front;
    }
}

void gl_state_depth(gl_state *st, bool test, GLenum func, bool write)
{
    fresh(st);
    if (changed(st, st->s.depth_test != test)) {
        enable(&st->ctx->gl, GL_DEPTH_TEST, test);
        st->s.depth_test = test;
    }
    if (test && changed(st, st->s.depth_func != func)) {
        st->ctx->gl.DepthFunc(func);
        st->s.depth_func = func;
    }
    if (changed(st, st->s.depth_mask != write)) {
        st->ctx->gl.DepthMask(write ? GL_TRUE : GL_FALSE);
        st->s.depth_mask = write;
    }
}

void gl_state_stencil(gl_state *st, const gl_stencil *s)
{
    fresh(st);
    GladGLContext *gl = &st->ctx->gl;
    gl_stencil *c = &st->s.stencil, *k = &st->s.x.stencil_back;
    if (changed(st, c->enable != s->enable)) {
        enable(gl, GL_STENCIL_TEST, s->enable);
        c->enable = s->enable;
    }
    /* the write mask applies to clears too, so it is kept even when the test is off */
    if (changed(st, c->write_mask != s->write_mask || k->write_mask != s->write_mask)) {
        gl->StencilMask(s->write_mask);
        c->write_mask = k->write_mask = s->write_mask;
    }
    if (!s->enable)
        return;
    /* both faces: the back face's shadow too (gl_state_stencil_faces sets them apart) */
    if (changed(st, c->func != s->func || c->ref != s->ref || c->func_mask != s->func_mask || k->func != s->func ||
                        k->ref != s->ref || k->func_mask != s->func_mask)) {
        gl->StencilFunc(s->func, s->ref, s->func_mask);
        c->func = k->func = s->func;
        c->ref = k->ref = s->ref;
        c->func_mask = k->func_mask = s->func_mask;
    }
    if (changed(st, c->sfail != s->sfail || c->dpfail != s->dpfail || c->dppass != s->dppass ||
                        k->sfail != s->sfail || k->dpfail != s->dpfail || k->dppass != s->dppass)) {
        gl->StencilOp(s->sfail, s->dpfail, s->dppass);
        c->sfail = k->sfail = s->sfail;
        c->dpfail = k->dpfail = s->dpfail;
        c->dppass = k->dppass = s->dppass;
    }
}

void gl_state_blend(gl_state *st, const gl_blend *b)
{
    fresh(st);
    GladGLContext *gl = &st->ctx->gl;
    gl_blend *c = &st->s.blend;
    gl_raster *x = &st->s.x;
    /* s.blend stays unknown after a per-target setter changed one buffer
     * (gl_state_blend_target), so these compare with it alone */
    if (changed(st, c->enable != b->enable)) {
        enable(gl, GL_BLEND, b->enable);
        c->enable = b->enable;
        x->blend_on = b->enable ? 0xFF : 0;
        x->blend_unknown = 0;
    }
    if (!b->enable)
        return;
    if (changed(st, c->eq_rgb != b->eq_rgb || c->eq_alpha != b->eq_alpha)) {
        gl->BlendEquationSeparate(b->eq_rgb, b->eq_alpha);
        c->eq_rgb = b->eq_rgb;
        c->eq_alpha = b->eq_alpha;
        for (unsigned i = 0; i < GL_STATE_DRAW_BUFFERS; i++) {
            x->blend_target[i].eq_rgb = b->eq_rgb;
            x->blend_target[i].eq_alpha = b->eq_alpha;
        }
    }
    if (changed(st, c->src_rgb != b->src_rgb || c->dst_rgb != b->dst_rgb || c->src_alpha != b->src_alpha ||
                        c->dst_alpha != b->dst_alpha)) {
        gl->BlendFuncSeparate(b->src_rgb, b->dst_rgb, b->src_alpha, b->dst_alpha);
        c->src_rgb = b->src_rgb;
        c->dst_rgb = b->dst_rgb;
        c->src_alpha = b->src_alpha;
        c->dst_alpha = b->dst_alpha;
        for (unsigned i = 0; i < GL_STATE_DRAW_BUFFERS; i++) {
            x->blend_target[i].src_rgb = b->src_rgb;
            x->blend_target[i].dst_rgb = b->dst_rgb;
            x->blend_target[i].src_alpha = b->src_alpha;
            x->blend_target[i].dst_alpha = b->dst_alpha;
        }
    }
}

void gl_state_blend_color(gl_state *st, const float rgba[4])
{
    fresh(st);
    if (changed(st, memcmp(st->s.blend_color, rgba, sizeof st->s.blend_color) != 0)) {
        st->ctx->gl.BlendColor(rgba[0], rgba[1], rgba[2], rgba[3]);
        memcpy(st->s.blend_color, rgba, sizeof st->s.blend_color);
    }
}

void gl_state_logic_op(gl_state *st, bool on, GLenum op)
{
    fresh(st);
    if (changed(st, st->s.logic_enable != on)) {
        enable(&st->ctx->gl, GL_COLOR_LOGIC_OP, on);
        st->s.logic_enable = on;
    }
    if (on && changed(st, st->s.logic_op != op)) {
        st->ctx->gl.LogicOp(op);
        st->s.logic_op = op;
    }
}

void gl_state_color_mask(gl_state *st, bool r, bool g, bool b, bool a)
{
    fresh(st);
    int8_t m[4] = {r, g, b, a};
    if (changed(st, memcmp(st->s.color_mask, m, sizeof m) != 0)) {
        st->ctx->gl.ColorMask(r, g, b, a);
        memcpy(st->s.color_mask, m, sizeof m);
        memset(st->s.x.color_mask, r | g << 1 | b << 2 | a << 3, sizeof st->s.x.color_mask);
    }
}

void gl_state_clip_distance0(gl_state *st, bool on)
{
    fresh(st);
    if (changed(st, st->s.clip_distance0 != on)) {
        enable(&st->ctx->gl, GL_CLIP_DISTANCE0, on);
        st->s.clip_distance0 = on;
        if (st->s.x.clip_mask != 0xFFFF)
            st->s.x.clip_mask = (uint16_t)((st->s.x.clip_mask & ~1u) | on);
    }
    /* shadowed users write at most gl_ClipDistance[0]; an enabled distance a
     * shader does not write is undefined, and discard would drop the draw */
    if (changed(st, st->s.others_off != 1)) {
        GladGLContext *gl = &st->ctx->gl;
        for (GLenum i = 1; i < 4; i++)
            gl->Disable(GL_CLIP_DISTANCE0 + i);
        gl->Disable(GL_RASTERIZER_DISCARD);
        st->s.others_off = 1;
        if (st->s.x.clip_mask != 0xFFFF)
            st->s.x.clip_mask &= (uint16_t)~0xEu;
    }
}

void gl_state_texture(gl_state *st, unsigned unit, GLenum target, GLuint texture)
{
    fresh(st);
    if (unit >= GL_STATE_TEXTURE_UNITS)
        return;
    if (!changed(st, st->s.textures[unit] != texture || st->s.texture_targets[unit] != target))
        return;
    GladGLContext *gl = &st->ctx->gl;
    gl->ActiveTexture(GL_TEXTURE0 + unit);
    /* a unit has one binding per target; unbind the old target so exactly one texture is visible */
    GLenum old = st->s.texture_targets[unit];
    if (old != (GLenum)~0u && old != 0 && old != target && st->s.textures[unit] != 0)
        gl->BindTexture(old, 0);
    if (target)
        gl->BindTexture(target, texture);
    st->s.textures[unit] = texture;
    st->s.texture_targets[unit] = target;
}

void gl_state_sampler(gl_state *st, unsigned unit, GLuint sampler)
{
    fresh(st);
    if (unit >= GL_STATE_TEXTURE_UNITS)
        return;
    if (changed(st, st->s.samplers[unit] != sampler)) {
        st->ctx->gl.BindSampler(unit, sampler);
        st->s.samplers[unit] = sampler;
    }
}

void gl_state_forget_texture_unit(gl_state *st, unsigned unit)
{
    fresh(st);
    if (unit >= GL_STATE_TEXTURE_UNITS)
        return;
    st->s.textures[unit] = ~0u;
    st->s.texture_targets[unit] = ~0u;
    st->s.samplers[unit] = ~0u;
}

void gl_state_uniform_buffer(gl_state *st, unsigned binding, GLuint buffer, GLintptr offset, GLsizeiptr size)
{
    fresh(st);
    if (binding >= GL_STATE_UBO_BINDINGS)
        return;
    if (changed(st, st->s.ubos[binding] != buffer || st->s.ubo_offsets[binding] != offset ||
                        st->s.ubo_sizes[binding] != size)) {
        st->ctx->gl.BindBufferRange(GL_UNIFORM_BUFFER, binding, buffer, offset, size);
        st->s.ubos[binding] = buffer;
        st->s.ubo_offsets[binding] = offset;
        st->s.ubo_sizes[binding] = size;
    }
}

/* ---- the draw path's extra state ---- */

static void raster_touch(gl_state *st)
{
    fresh(st);
    st->raster_dirty = true;
}

void gl_state_stencil_faces(gl_state *st, const gl_stencil *front, const gl_stencil *back)
{
    raster_touch(st);
    GladGLContext *gl = &st->ctx->gl;
    gl_stencil *sh[2] = {&st->s.stencil, &st->s.x.stencil_back};
    const gl_stencil *want[2] = {front, back};
    static const GLenum face[2] = {GL_FRONT, GL_BACK};
    if (changed(st, sh[0]->enable != front->enable)) {
        enable(gl, GL_STENCIL_TEST, front->enable);
        sh[0]->enable = front->enable;
    }
    for (int i = 0; i < 2; i++) {
        gl_stencil *c = sh[i];
        const gl_stencil *s = want[i];
        if (changed(st, c->write_mask != s->write_mask)) {
            gl->StencilMaskSeparate(face[i], s->write_mask);
            c->write_mask = s->write_mask;
        }
        if (!front->enable)
            continue;
        if (changed(st, c->func != s->func || c->ref != s->ref || c->func_mask != s->func_mask)) {
            gl->StencilFuncSeparate(face[i], s->func, s->ref, s->func_mask);
            c->func = s->func;
            c->ref = s->ref;
            c->func_mask = s->func_mask;
        }
        if (changed(st, c->sfail != s->sfail || c->dpfail != s->dpfail || c->dppass != s->dppass)) {
            gl->StencilOpSeparate(face[i], s->sfail, s->dpfail, s->dppass);
            c->sfail = s->sfail;
            c->dpfail = s->dpfail;
            c->dppass = s->dppass;
        }
    }
}

void gl_state_blend_target(gl_state *st, unsigned i, const gl_blend *b)
{
    raster_touch(st);
    if (i >= GL_STATE_DRAW_BUFFERS)
        return;
    GladGLContext *gl = &st->ctx->gl;
    gl_raster *x = &st->s.x;
    const bool on = b != NULL;
    if (changed(st, (x->blend_unknown >> i & 1) || (x->blend_on >> i & 1) != on)) {
        if (on)
            gl->Enablei(GL_BLEND, i);
        else
            gl->Disablei(GL_BLEND, i);
        x->blend_unknown = (uint8_t)(x->blend_unknown & ~(1u << i));
        x->blend_on = (uint8_t)(on ? x->blend_on | 1u << i : x->blend_on & ~(1u << i));
        st->s.blend.enable = -1; /* no longer one state for every buffer */
    }
    if (!on)
        return;
    gl_blend *c = &x->blend_target[i];
    if (changed(st, c->eq_rgb != b->eq_rgb || c->eq_alpha != b->eq_alpha)) {
        gl->BlendEquationSeparatei(i, b->eq_rgb, b->eq_alpha);
        c->eq_rgb = b->eq_rgb;
        c->eq_alpha = b->eq_alpha;
        st->s.blend.eq_rgb = ~0u;
    }
    if (changed(st, c->src_rgb != b->src_rgb || c->dst_rgb != b->dst_rgb || c->src_alpha != b->src_alpha ||
                        c->dst_alpha != b->dst_alpha)) {
        gl->BlendFuncSeparatei(i, b->src_rgb, b->dst_rgb, b->src_alpha, b->dst_alpha);
        c->src_rgb = b->src_rgb;
        c->dst_rgb = b->dst_rgb;
        c->src_alpha = b->src_alpha;
        c->dst_alpha = b->dst_alpha;
        st->s.blend.src_rgb = ~0u;
    }
}

void gl_state_color_mask_target(gl_state *st, unsigned i, unsigned rgba)
{
    raster_touch(st);
    if (i >= GL_STATE_DRAW_BUFFERS)
        return;
    rgba &= 15;
    if (changed(st, st->s.x.color_mask[i] != rgba)) {
        st->ctx->gl.ColorMaski(i, rgba & 1, rgba >> 1 & 1, rgba >> 2 & 1, rgba >> 3 & 1);
        st->s.x.color_mask[i] = (uint8_t)rgba;
        memset(st->s.color_mask, 0xFF, sizeof st->s.color_mask);
    }
}

void gl_state_clip_distances(gl_state *st, unsigned mask)
{
    gl_state_clip_distance0(st, mask & 1); /* also GL_RASTERIZER_DISCARD off, 1..3 known */
    raster_touch(st);
    GladGLContext *gl = &st->ctx->gl;
    uint16_t *c = &st->s.x.clip_mask;
    mask &= 0xFF;
    if (!changed(st, *c != mask))
        return;
    for (unsigned i = 1; i < 8; i++)
        if (*c == 0xFFFF || (*c >> i & 1) != (mask >> i & 1))
            enable(gl, GL_CLIP_DISTANCE0 + i, mask >> i & 1);
    *c = (uint16_t)mask;
    st->s.others_off = (mask & 0xE) ? -1 : 1;
}

void gl_state_raster_cap(gl_state *st, unsigned cap, bool on)
{
    static const GLenum caps[GL_RASTER_CAP_COUNT] = {GL_DEPTH_CLAMP, GL_POLYGON_OFFSET_FILL, GL_POLYGON_OFFSET_LINE,
                                                     GL_POLYGON_OFFSET_POINT, GL_PROGRAM_POINT_SIZE,
                                                     GL_PRIMITIVE_RESTART, GL_FRAMEBUFFER_SRGB};
    raster_touch(st);
    if (cap >= GL_RASTER_CAP_COUNT)
        return;
    if (changed(st, st->s.x.caps[cap] != on)) {
        enable(&st->ctx->gl, caps[cap], on);
        st->s.x.caps[cap] = on;
    }
}

void gl_state_polygon_mode(gl_state *st, GLenum mode)
{
    raster_touch(st);
    if (changed(st, st->s.x.polygon_mode != mode)) {
        st->ctx->gl.PolygonMode(GL_FRONT_AND_BACK, mode);
        st->s.x.polygon_mode = mode;
    }
}

void gl_state_polygon_offset(gl_state *st, float factor, float units, float clamp)
{
    raster_touch(st);
    GladGLContext *gl = &st->ctx->gl;
    const float v[3] = {factor, units, gl->PolygonOffsetClamp ? clamp : 0};
    if (changed(st, memcmp(st->s.x.offset, v, sizeof v) != 0)) {
        if (gl->PolygonOffsetClamp)
            gl->PolygonOffsetClamp(factor, units, clamp);
        else
            gl->PolygonOffset(factor, units);
        memcpy(st->s.x.offset, v, sizeof v);
    }
}

void gl_state_restart_index(gl_state *st, GLuint index)
{
    raster_touch(st);
    if (changed(st, st->s.x.restart_index != index)) {
        st->ctx->gl.PrimitiveRestartIndex(index);
        st->s.x.restart_index = index;
    }
}

void gl_state_point_size(gl_state *st, float size)
{
    raster_touch(st);
    if (changed(st, memcmp(&st->s.x.point_size, &size, sizeof size) != 0)) {
        st->ctx->gl.PointSize(size);
        st->s.x.point_size = size;
    }
}

void gl_state_line_width(gl_state *st, float width)
{
    raster_touch(st);
    if (changed(st, memcmp(&st->s.x.line_width, &width, sizeof width) != 0)) {
        st->ctx->gl.LineWidth(width);
        st->s.x.line_width = width;
    }
}

bool gl_state_clip_control(gl_state *st, GLenum origin, GLenum depth)
{
    /* an ES host without EXT_clip_control keeps GL's default: nothing to call */
    if (!st->ctx->gl.ClipControl)
        return origin == GL_LOWER_LEFT && depth == GL_NEGATIVE_ONE_TO_ONE;
    raster_touch(st);
    if (changed(st, st->s.x.clip_origin != origin || st->s.x.clip_depth != depth)) {
        st->ctx->gl.ClipControl(origin, depth);
        st->s.x.clip_origin = origin;
        st->s.x.clip_depth = depth;
    }
    return true;
}

void gl_state_provoking_vertex(gl_state *st, GLenum mode)
{
    raster_touch(st);
    if (changed(st, st->s.x.provoking != mode)) {
        st->ctx->gl.ProvokingVertex(mode);
        st->s.x.provoking = mode;
    }
}

void gl_state_viewport_indexed(gl_state *st, unsigned i, const float v[4])
{
    raster_touch(st);
    if (i >= GL_STATE_VIEWPORTS)
        return;
    if (changed(st, memcmp(st->s.x.viewports[i], v, sizeof st->s.x.viewports[i]) != 0)) {
        st->ctx->gl.ViewportIndexedf(i, v[0], v[1], v[2], v[3]);
        memcpy(st->s.x.viewports[i], v, sizeof st->s.x.viewports[i]);
        if (i == 0) /* glViewport's shadow: index 0 no longer holds it */
            memset(st->s.viewport, 0xFF, sizeof st->s.viewport);
    }
}

void gl_state_depth_range_indexed(gl_state *st, unsigned i, double n, double f)
{
    raster_touch(st);
    const double v[2] = {n, f};
    if (i < GL_STATE_VIEWPORTS && changed(st, memcmp(st->s.x.depth_ranges[i], v, sizeof v) != 0)) {
        st->ctx->gl.DepthRangeIndexed(i, n, f);
        memcpy(st->s.x.depth_ranges[i], v, sizeof v);
    }
}

void gl_state_scissor_indexed(gl_state *st, unsigned i, const GLint s[4])
{
    fresh(st);
    if (i < GL_STATE_VIEWPORTS && changed(st, memcmp(st->s.x.scissors[i], s, sizeof st->s.x.scissors[i]) != 0)) {
        st->ctx->gl.ScissorIndexed(i, s[0], s[1], s[2], s[3]);
        memcpy(st->s.x.scissors[i], s, sizeof st->s.x.scissors[i]);
        if (i == 0)
            memcpy(st->s.scissor, s, sizeof st->s.scissor);
    }
}

void gl_state_raster_defaults(gl_state *st)
{
    if (!st->raster_dirty)
        return;
    for (unsigned i = 0; i < GL_RASTER_CAP_COUNT; i++)
        gl_state_raster_cap(st, i, i == GL_RASTER_FRAMEBUFFER_SRGB && st->ctx->info.gles);
    gl_state_polygon_mode(st, GL_FILL);
    gl_state_polygon_offset(st, 0, 0, 0);
    gl_state_point_size(st, 1);
    gl_state_line_width(st, 1);
    gl_state_clip_distances(st, 0);
    gl_state_clip_control(st, GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE);
    st->raster_dirty = false;
}
