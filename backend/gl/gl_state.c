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
    gl_stencil *c = &st->s.stencil;
    if (changed(st, c->enable != s->enable)) {
        enable(gl, GL_STENCIL_TEST, s->enable);
        c->enable = s->enable;
    }
    /* the write mask applies to clears too, so it is kept even when the test is off */
    if (changed(st, c->write_mask != s->write_mask)) {
        gl->StencilMask(s->write_mask);
        c->write_mask = s->write_mask;
    }
    if (!s->enable)
        return;
    if (changed(st, c->func != s->func || c->ref != s->ref || c->func_mask != s->func_mask)) {
        gl->StencilFunc(s->func, s->ref, s->func_mask);
        c->func = s->func;
        c->ref = s->ref;
        c->func_mask = s->func_mask;
    }
    if (changed(st, c->sfail != s->sfail || c->dpfail != s->dpfail || c->dppass != s->dppass)) {
        gl->StencilOp(s->sfail, s->dpfail, s->dppass);
        c->sfail = s->sfail;
        c->dpfail = s->dpfail;
        c->dppass = s->dppass;
    }
}

void gl_state_blend(gl_state *st, const gl_blend *b)
{
    fresh(st);
    GladGLContext *gl = &st->ctx->gl;
    gl_blend *c = &st->s.blend;
    if (changed(st, c->enable != b->enable)) {
        enable(gl, GL_BLEND, b->enable);
        c->enable = b->enable;
    }
    if (!b->enable)
        return;
    if (changed(st, c->eq_rgb != b->eq_rgb || c->eq_alpha != b->eq_alpha)) {
        gl->BlendEquationSeparate(b->eq_rgb, b->eq_alpha);
        c->eq_rgb = b->eq_rgb;
        c->eq_alpha = b->eq_alpha;
    }
    if (changed(st, c->src_rgb != b->src_rgb || c->dst_rgb != b->dst_rgb || c->src_alpha != b->src_alpha ||
                        c->dst_alpha != b->dst_alpha)) {
        gl->BlendFuncSeparate(b->src_rgb, b->dst_rgb, b->src_alpha, b->dst_alpha);
        c->src_rgb = b->src_rgb;
        c->dst_rgb = b->dst_rgb;
        c->src_alpha = b->src_alpha;
        c->dst_alpha = b->dst_alpha;
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
    }
}

void gl_state_clip_distance0(gl_state *st, bool on)
{
    fresh(st);
    if (changed(st, st->s.clip_distance0 != on)) {
        enable(&st->ctx->gl, GL_CLIP_DISTANCE0, on);
        st->s.clip_distance0 = on;
    }
    /* shadowed users write at most gl_ClipDistance[0]; an enabled distance a
     * shader does not write is undefined, and discard would drop the draw */
    if (changed(st, st->s.others_off != 1)) {
        GladGLContext *gl = &st->ctx->gl;
        for (GLenum i = 1; i < 4; i++)
            gl->Disable(GL_CLIP_DISTANCE0 + i);
        gl->Disable(GL_RASTERIZER_DISCARD);
        st->s.others_off = 1;
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
