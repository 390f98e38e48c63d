/* GL call recording and replay for the draw-path benchmarks (gl_record.h). */
#include "support/gl_record.h"

#include <stdlib.h>
#include <string.h>

/* The wrapped entry points that are replayed as they were called, by
 * arity, with their argument types (glad's prototypes). */
#define REC_CALLS(X1, X2, X3, X4, X5, X6)                                                                            \
    X1(UseProgram, GLuint)                                                                                           \
    X1(BindVertexArray, GLuint)                                                                                      \
    X2(BindFramebuffer, GLenum, GLuint)                                                                              \
    X4(Viewport, GLint, GLint, GLsizei, GLsizei)                                                                     \
    X5(ViewportIndexedf, GLuint, GLfloat, GLfloat, GLfloat, GLfloat)                                                 \
    X3(DepthRangeIndexed, GLuint, GLdouble, GLdouble)                                                                \
    X1(Enable, GLenum)                                                                                               \
    X1(Disable, GLenum)                                                                                              \
    X2(Enablei, GLenum, GLuint)                                                                                      \
    X2(Disablei, GLenum, GLuint)                                                                                     \
    X4(Scissor, GLint, GLint, GLsizei, GLsizei)                                                                      \
    X1(CullFace, GLenum)                                                                                             \
    X1(FrontFace, GLenum)                                                                                            \
    X1(DepthFunc, GLenum)                                                                                            \
    X1(DepthMask, GLboolean)                                                                                         \
    X1(StencilMask, GLuint)                                                                                          \
    X2(StencilMaskSeparate, GLenum, GLuint)                                                                          \
    X3(StencilFunc, GLenum, GLint, GLuint)                                                                           \
    X4(StencilFuncSeparate, GLenum, GLenum, GLint, GLuint)                                                           \
    X3(StencilOp, GLenum, GLenum, GLenum)                                                                            \
    X4(StencilOpSeparate, GLenum, GLenum, GLenum, GLenum)                                                            \
    X2(BlendEquationSeparate, GLenum, GLenum)                                                                        \
    X3(BlendEquationSeparatei, GLuint, GLenum, GLenum)                                                               \
    X4(BlendFuncSeparate, GLenum, GLenum, GLenum, GLenum)                                                            \
    X5(BlendFuncSeparatei, GLuint, GLenum, GLenum, GLenum, GLenum)                                                   \
    X4(BlendColor, GLfloat, GLfloat, GLfloat, GLfloat)                                                               \
    X1(LogicOp, GLenum)                                                                                              \
    X4(ColorMask, GLboolean, GLboolean, GLboolean, GLboolean)                                                        \
    X5(ColorMaski, GLuint, GLboolean, GLboolean, GLboolean, GLboolean)                                               \
    X2(PolygonMode, GLenum, GLenum)                                                                                  \
    X2(PolygonOffset, GLfloat, GLfloat)                                                                              \
    X3(PolygonOffsetClamp, GLfloat, GLfloat, GLfloat)                                                                \
    X1(PointSize, GLfloat)                                                                                           \
    X1(LineWidth, GLfloat)                                                                                           \
    X2(ClipControl, GLenum, GLenum)                                                                                  \
    X1(ProvokingVertex, GLenum)                                                                                      \
    X1(PrimitiveRestartIndex, GLuint)                                                                                \
    X2(PatchParameteri, GLenum, GLint)                                                                               \
    X1(ActiveTexture, GLenum)                                                                                        \
    X2(BindTexture, GLenum, GLuint)                                                                                  \
    X2(BindTextureUnit, GLuint, GLuint)                                                                              \
    X2(BindSampler, GLuint, GLuint)                                                                                  \
    X2(BindBuffer, GLenum, GLuint)                                                                                   \
    X3(BindBufferBase, GLenum, GLuint, GLuint)                                                                       \
    X5(BindBufferRange, GLenum, GLuint, GLuint, GLintptr, GLsizeiptr)                                                \
    X2(EnableVertexArrayAttrib, GLuint, GLuint)                                                                      \
    X2(DisableVertexArrayAttrib, GLuint, GLuint)                                                                     \
    X6(VertexArrayAttribFormat, GLuint, GLuint, GLint, GLenum, GLboolean, GLuint)                                    \
    X5(VertexArrayAttribIFormat, GLuint, GLuint, GLint, GLenum, GLuint)                                              \
    X3(VertexArrayAttribBinding, GLuint, GLuint, GLuint)                                                             \
    X5(VertexArrayVertexBuffer, GLuint, GLuint, GLuint, GLintptr, GLsizei)                                           \
    X3(VertexArrayBindingDivisor, GLuint, GLuint, GLuint)                                                            \
    X2(VertexArrayElementBuffer, GLuint, GLuint)                                                                     \
    X1(MemoryBarrier, GLbitfield)

enum {
#define OP1_(name, ...) OP_##name,
    REC_CALLS(OP1_, OP1_, OP1_, OP1_, OP1_, OP1_)
#undef OP1_
    OP_TextureBarrier,
    OP_BufferSubData,
    OP_NamedBufferSubData,
    OP_NamedBufferData,
    OP_DrawArraysInstancedBaseInstance,
    OP_DrawElementsBaseVertex,
    OP_DrawElementsInstancedBaseVertexBaseInstance,
    OP_COUNT
};

/* an argument: the bytes it was called with (memcpy'd in), read back
 * through the member of its type */
typedef union rec_arg {
    uint64_t u64;
    unsigned char uc;
    int i;
    unsigned int ui;
    long l;
    float f;
    double d;
} rec_arg;

/* GL's argument types are these C types here (GLenum, GLuint and
 * GLbitfield unsigned int; GLint and GLsizei int; GLintptr and GLsizeiptr
 * long; GLboolean unsigned char) */
#define ARG(T, k)                                                                                                    \
    _Generic((T){0}, unsigned char: o->a[k].uc, int: o->a[k].i, unsigned int: o->a[k].ui, long: o->a[k].l,           \
             float: o->a[k].f, double: o->a[k].d)

struct gl_rec_op {
    uint16_t op;
    rec_arg a[7];                   /* each argument, as called */
    size_t blob, blob_size;         /* a buffer update's data */
    size_t range_first, range_n;    /* a draw's mapped bytes */
};

struct gl_rec_range {
    uint8_t *dst; /* in a persistent mapping */
    size_t blob, size;
};

/* what the recording last kept at a place, so unchanged bytes are not kept again */
#define KEPT_MAX 256

static struct {
    bool installed;
    gl_recording *rec;
    GladGLContext real;
    struct {
        GLuint buf;
        uint64_t off, size;
        size_t blob;
    } kept[KEPT_MAX];
    unsigned kept_n, kept_next;
} R;

static void *grow(void *p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return p;
    size_t c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    p = realloc(p, c * elem);
    if (!p)
        abort();
    *cap = c;
    return p;
}

static size_t add_blob(gl_recording *r, const void *data, size_t size)
{
    r->blob = grow(r->blob, &r->blob_cap, r->blob_n + size, 1);
    if (size)
        memcpy(r->blob + r->blob_n, data, size);
    r->blob_n += size;
    return r->blob_n - size;
}

static gl_rec_op *add_op(uint16_t op)
{
    gl_recording *r = R.rec;
    r->ops = grow(r->ops, &r->cap, r->n + 1, sizeof *r->ops);
    gl_rec_op *o = &r->ops[r->n++];
    memset(o, 0, sizeof *o);
    o->op = op;
    return o;
}

#define PUT(k) memcpy(&o->a[k], &a##k, sizeof a##k)

#define WRAP1_(name, T0)                                                                                             \
    static void GLAD_API_PTR w_##name(T0 a0)                                                                         \
    {                                                                                                                \
        R.real.name(a0);                                                                                             \
        if (R.rec) {                                                                                                 \
            gl_rec_op *o = add_op(OP_##name);                                                                        \
            PUT(0);                                                                                                  \
        }                                                                                                            \
    }
#define WRAP2_(name, T0, T1)                                                                                         \
    static void GLAD_API_PTR w_##name(T0 a0, T1 a1)                                                                  \
    {                                                                                                                \
        R.real.name(a0, a1);                                                                                         \
        if (R.rec) {                                                                                                 \
            gl_rec_op *o = add_op(OP_##name);                                                                        \
            PUT(0), PUT(1);                                                                                          \
        }                                                                                                            \
    }
#define WRAP3_(name, T0, T1, T2)                                                                                     \
    static void GLAD_API_PTR w_##name(T0 a0, T1 a1, T2 a2)                                                           \
    {                                                                                                                \
        R.real.name(a0, a1, a2);                                                                                     \
        if (R.rec) {                                                                                                 \
            gl_rec_op *o = add_op(OP_##name);                                                                        \
            PUT(0), PUT(1), PUT(2);                                                                                  \
        }                                                                                                            \
    }
#define WRAP4_(name, T0, T1, T2, T3)                                                                                 \
    static void GLAD_API_PTR w_##name(T0 a0, T1 a1, T2 a2, T3 a3)                                                    \
    {                                                                                                                \
        R.real.name(a0, a1, a2, a3);                                                                                 \
        if (R.rec) {                                                                                                 \
            gl_rec_op *o = add_op(OP_##name);                                                                        \
            PUT(0), PUT(1), PUT(2), PUT(3);                                                                          \
        }                                                                                                            \
    }
#define WRAP5_(name, T0, T1, T2, T3, T4)                                                                             \
    static void GLAD_API_PTR w_##name(T0 a0, T1 a1, T2 a2, T3 a3, T4 a4)                                             \
    {                                                                                                                \
        R.real.name(a0, a1, a2, a3, a4);                                                                             \
        if (R.rec) {                                                                                                 \
            gl_rec_op *o = add_op(OP_##name);                                                                        \
            PUT(0), PUT(1), PUT(2), PUT(3), PUT(4);                                                                  \
        }                                                                                                            \
    }
#define WRAP6_(name, T0, T1, T2, T3, T4, T5)                                                                         \
    static void GLAD_API_PTR w_##name(T0 a0, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5)                                      \
    {                                                                                                                \
        R.real.name(a0, a1, a2, a3, a4, a5);                                                                         \
        if (R.rec) {                                                                                                 \
            gl_rec_op *o = add_op(OP_##name);                                                                        \
            PUT(0), PUT(1), PUT(2), PUT(3), PUT(4), PUT(5);                                                          \
        }                                                                                                            \
    }

REC_CALLS(WRAP1_, WRAP2_, WRAP3_, WRAP4_, WRAP5_, WRAP6_)

static void GLAD_API_PTR w_TextureBarrier(void)
{
    R.real.TextureBarrier();
    if (R.rec)
        add_op(OP_TextureBarrier);
}

/* a buffer update: the target or buffer, the offset and the data */
static void add_update(uint16_t op, uint64_t which, GLintptr off, GLsizeiptr size, const void *data)
{
    gl_rec_op *o = add_op(op);
    o->a[0].u64 = which;
    o->a[1].u64 = (uint64_t)off;
    o->blob_size = (size_t)size;
    o->blob = add_blob(R.rec, data, (size_t)size);
}

static void GLAD_API_PTR w_BufferSubData(GLenum t, GLintptr off, GLsizeiptr size, const void *data)
{
    R.real.BufferSubData(t, off, size, data);
    if (R.rec)
        add_update(OP_BufferSubData, t, off, size, data);
}

static void GLAD_API_PTR w_NamedBufferSubData(GLuint buf, GLintptr off, GLsizeiptr size, const void *data)
{
    R.real.NamedBufferSubData(buf, off, size, data);
    if (R.rec)
        add_update(OP_NamedBufferSubData, buf, off, size, data);
}

/* a new store; a[2] says whether data was given */
static void GLAD_API_PTR w_NamedBufferData(GLuint buf, GLsizeiptr size, const void *data, GLenum usage)
{
    R.real.NamedBufferData(buf, size, data, usage);
    if (R.rec) {
        gl_rec_op *o = add_op(OP_NamedBufferData);
        o->a[0].u64 = buf;
        o->a[1].u64 = (uint64_t)size;
        o->a[2].u64 = data != NULL;
        o->a[3].u64 = usage;
        o->blob_size = data ? (size_t)size : 0;
        o->blob = add_blob(R.rec, data, o->blob_size);
    }
}

/* ---- the bytes a draw reads from mapped buffers ------------------------------------------------------- */

/* The CPU address of a buffer's byte 0 where it is mapped (the stream
 * buffers map all of theirs), else NULL; *size its store's size. */
static uint8_t *mapping(GLuint buf, uint64_t *size)
{
    const GladGLContext *gl = &R.real;
    if (!buf)
        return NULL;
    GLint mapped = 0;
    gl->GetNamedBufferParameteriv(buf, GL_BUFFER_MAPPED, &mapped);
    if (!mapped)
        return NULL;
    void *p = NULL;
    GLint64 off = 0, sz = 0;
    gl->GetNamedBufferPointerv(buf, GL_BUFFER_MAP_POINTER, &p);
    gl->GetNamedBufferParameteri64v(buf, GL_BUFFER_MAP_OFFSET, &off);
    gl->GetNamedBufferParameteri64v(buf, GL_BUFFER_SIZE, &sz);
    *size = (uint64_t)sz;
    return p ? (uint8_t *)p - off : NULL;
}

/* Keeps bytes [off, off + size) of mapped buffer buf for the draw o,
 * unless the recording already kept the same bytes there. */
static void keep(gl_rec_op *o, GLuint buf, uint8_t *base, uint64_t buf_size, uint64_t off, uint64_t size)
{
    gl_recording *r = R.rec;
    if (off >= buf_size)
        return;
    size = size < buf_size - off ? size : buf_size - off;
    if (!size)
        return;
    unsigned slot = R.kept_n;
    for (unsigned i = 0; i < R.kept_n; i++)
        if (R.kept[i].buf == buf && R.kept[i].off == off && R.kept[i].size == size) {
            if (!memcmp(r->blob + R.kept[i].blob, base + off, size))
                return;
            slot = i;
            break;
        }
    if (slot == R.kept_n) {
        if (R.kept_n < KEPT_MAX)
            R.kept_n++;
        else
            slot = R.kept_next++ % KEPT_MAX;
    }
    r->ranges = grow(r->ranges, &r->ranges_cap, r->ranges_n + 1, sizeof *r->ranges);
    gl_rec_range *g = &r->ranges[r->ranges_n++];
    g->dst = base + off;
    g->size = (size_t)size;
    g->blob = add_blob(r, base + off, (size_t)size);
    R.kept[slot].buf = buf;
    R.kept[slot].off = off;
    R.kept[slot].size = size;
    R.kept[slot].blob = g->blob;
    o->range_n++;
}

/* The mapped bytes draw o reads: its indices (type itype at ioff of the
 * element buffer) or vertices first .. first + count - 1, through every
 * enabled attribute of the bound vertex array (per-instance ones: the
 * elements of instances base_instance ..), and the uniform buffer ranges
 * bound. An attribute is taken to read at most 16 bytes at its offset. */
static void capture(gl_rec_op *o, bool indexed, GLenum itype, uint64_t ioff, GLsizei count, GLint first,
                    GLint base_vertex, GLsizei instances, GLuint base_instance)
{
    const GladGLContext *gl = &R.real;
    o->range_first = R.rec->ranges_n;
    if (count <= 0)
        return;
    int64_t lo = first, hi = (int64_t)first + count - 1;
    if (indexed) {
        GLint eb = 0;
        gl->GetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &eb);
        uint64_t esize = 0;
        uint8_t *m = mapping((GLuint)eb, &esize);
        const unsigned isz = itype == GL_UNSIGNED_INT ? 4 : itype == GL_UNSIGNED_SHORT ? 2 : 1;
        if (!m || ioff + (uint64_t)count * isz > esize)
            return; /* the indices are not in mapped memory: nothing of this draw is known */
        const uint32_t restart = isz == 4 ? 0xffffffffu : isz == 2 ? 0xffffu : 0xffu;
        uint32_t mn = UINT32_MAX, mx = 0;
        for (GLsizei i = 0; i < count; i++) {
            uint32_t v = 0;
            memcpy(&v, m + ioff + (uint64_t)i * isz, isz);
            if (v == restart)
                continue;
            mn = v < mn ? v : mn;
            mx = v > mx ? v : mx;
        }
        keep(o, (GLuint)eb, m, esize, ioff, (uint64_t)count * isz);
        if (mn > mx)
            return;
        lo = (int64_t)mn + base_vertex;
        hi = (int64_t)mx + base_vertex;
    }
    GLint attribs = 16;
    gl->GetIntegerv(GL_MAX_VERTEX_ATTRIBS, &attribs);
    for (GLint a = 0; a < attribs && a < 32; a++) {
        GLint on = 0, binding = 0, rel = 0, buf = 0, stride = 0, divisor = 0;
        GLint64 off = 0;
        gl->GetVertexAttribiv((GLuint)a, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &on);
        if (!on)
            continue;
        gl->GetVertexAttribiv((GLuint)a, GL_VERTEX_ATTRIB_BINDING, &binding);
        gl->GetVertexAttribiv((GLuint)a, GL_VERTEX_ATTRIB_RELATIVE_OFFSET, &rel);
        gl->GetIntegeri_v(GL_VERTEX_BINDING_BUFFER, (GLuint)binding, &buf);
        gl->GetIntegeri_v(GL_VERTEX_BINDING_STRIDE, (GLuint)binding, &stride);
        gl->GetIntegeri_v(GL_VERTEX_BINDING_DIVISOR, (GLuint)binding, &divisor);
        gl->GetInteger64i_v(GL_VERTEX_BINDING_OFFSET, (GLuint)binding, &off);
        uint64_t bsize = 0;
        uint8_t *m = mapping((GLuint)buf, &bsize);
        if (!m)
            continue;
        int64_t e0 = lo, e1 = hi;
        if (divisor) {
            e0 = base_instance;
            e1 = (int64_t)base_instance + (instances > 0 ? (instances - 1) / divisor : 0);
        }
        if (e0 < 0)
            e0 = 0;
        const uint64_t start = (uint64_t)off + (uint64_t)e0 * (uint64_t)stride + (uint64_t)rel;
        const uint64_t end = (uint64_t)off + (uint64_t)e1 * (uint64_t)stride + (uint64_t)rel + 16;
        if (end > start)
            keep(o, (GLuint)buf, m, bsize, start, end - start);
    }
    GLint ubos = 0;
    gl->GetIntegerv(GL_MAX_UNIFORM_BUFFER_BINDINGS, &ubos);
    for (GLint i = 0; i < ubos; i++) {
        GLint buf = 0;
        gl->GetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, (GLuint)i, &buf);
        uint64_t bsize = 0;
        uint8_t *m = mapping((GLuint)buf, &bsize);
        if (!m)
            continue;
        GLint64 start = 0, size = 0;
        gl->GetInteger64i_v(GL_UNIFORM_BUFFER_START, (GLuint)i, &start);
        gl->GetInteger64i_v(GL_UNIFORM_BUFFER_SIZE, (GLuint)i, &size);
        if (!size && (uint64_t)start < bsize) /* BindBufferBase: all of it */
            size = (GLint64)(bsize - (uint64_t)start);
        keep(o, (GLuint)buf, m, bsize, (uint64_t)start, (uint64_t)size);
    }
}

static void GLAD_API_PTR w_DrawArraysInstancedBaseInstance(GLenum mode, GLint first, GLsizei count, GLsizei n,
                                                          GLuint base_instance)
{
    if (R.rec) {
        gl_rec_op *o = add_op(OP_DrawArraysInstancedBaseInstance);
        o->a[0].u64 = mode;
        o->a[1].u64 = (uint64_t)(int64_t)first;
        o->a[2].u64 = (uint64_t)count;
        o->a[3].u64 = (uint64_t)n;
        o->a[4].u64 = base_instance;
        capture(o, false, 0, 0, count, first, 0, n, base_instance);
        R.rec->draws++;
    }
    R.real.DrawArraysInstancedBaseInstance(mode, first, count, n, base_instance);
}

/* An indexed draw, its arguments as DrawElementsInstancedBaseVertexBaseInstance
 * takes them (the plain form replays a[0..3] and a[5]). */
static void add_elements(uint16_t op, GLenum mode, GLsizei count, GLenum type, const void *indices, GLsizei n,
                         GLint base_vertex, GLuint base_instance)
{
    gl_rec_op *o = add_op(op);
    o->a[0].u64 = mode;
    o->a[1].u64 = (uint64_t)count;
    o->a[2].u64 = type;
    o->a[3].u64 = (uint64_t)(uintptr_t)indices;
    o->a[4].u64 = (uint64_t)n;
    o->a[5].u64 = (uint64_t)(int64_t)base_vertex;
    o->a[6].u64 = base_instance;
    capture(o, true, type, (uintptr_t)indices, count, 0, base_vertex, n, base_instance);
    R.rec->draws++;
}

static void GLAD_API_PTR w_DrawElementsBaseVertex(GLenum mode, GLsizei count, GLenum type, const void *indices,
                                                 GLint base_vertex)
{
    if (R.rec)
        add_elements(OP_DrawElementsBaseVertex, mode, count, type, indices, 1, base_vertex, 0);
    R.real.DrawElementsBaseVertex(mode, count, type, indices, base_vertex);
}

static void GLAD_API_PTR w_DrawElementsInstancedBaseVertexBaseInstance(GLenum mode, GLsizei count, GLenum type,
                                                                      const void *indices, GLsizei n,
                                                                      GLint base_vertex, GLuint base_instance)
{
    if (R.rec)
        add_elements(OP_DrawElementsInstancedBaseVertexBaseInstance, mode, count, type, indices, n, base_vertex,
                     base_instance);
    R.real.DrawElementsInstancedBaseVertexBaseInstance(mode, count, type, indices, n, base_vertex, base_instance);
}

/* ---- not replayed ------------------------------------------------------------------------------------- */

static void skipped(void)
{
    if (R.rec)
        R.rec->skipped++;
}

static void unexpected(void)
{
    if (R.rec)
        R.rec->unexpected++;
}

static GLenum GLAD_API_PTR w_GetError(void)
{
    skipped();
    return R.real.GetError();
}

static void GLAD_API_PTR w_GetIntegerv(GLenum p, GLint *v)
{
    skipped();
    R.real.GetIntegerv(p, v);
}

static GLsync GLAD_API_PTR w_FenceSync(GLenum c, GLbitfield f)
{
    skipped();
    return R.real.FenceSync(c, f);
}

static GLenum GLAD_API_PTR w_ClientWaitSync(GLsync s, GLbitfield f, GLuint64 t)
{
    skipped();
    return R.real.ClientWaitSync(s, f, t);
}

static void GLAD_API_PTR w_DeleteSync(GLsync s)
{
    skipped();
    R.real.DeleteSync(s);
}

/* draws outside the set: called through, and the recording said incomplete */
static void GLAD_API_PTR w_DrawArrays(GLenum m, GLint f, GLsizei c)
{
    unexpected();
    R.real.DrawArrays(m, f, c);
}

static void GLAD_API_PTR w_DrawElements(GLenum m, GLsizei c, GLenum t, const void *i)
{
    unexpected();
    R.real.DrawElements(m, c, t, i);
}

static void GLAD_API_PTR w_DrawArraysInstanced(GLenum m, GLint f, GLsizei c, GLsizei n)
{
    unexpected();
    R.real.DrawArraysInstanced(m, f, c, n);
}

static void GLAD_API_PTR w_DrawElementsInstancedBaseVertex(GLenum m, GLsizei c, GLenum t, const void *i, GLsizei n,
                                                          GLint b)
{
    unexpected();
    R.real.DrawElementsInstancedBaseVertex(m, c, t, i, n, b);
}

static void GLAD_API_PTR w_MultiDrawArraysIndirect(GLenum m, const void *i, GLsizei n, GLsizei s)
{
    unexpected();
    R.real.MultiDrawArraysIndirect(m, i, n, s);
}

static void GLAD_API_PTR w_MultiDrawElementsIndirect(GLenum m, GLenum t, const void *i, GLsizei n, GLsizei s)
{
    unexpected();
    R.real.MultiDrawElementsIndirect(m, t, i, n, s);
}

static void GLAD_API_PTR w_DispatchCompute(GLuint x, GLuint y, GLuint z)
{
    unexpected();
    R.real.DispatchCompute(x, y, z);
}

/* ---- the interface ------------------------------------------------------------------------------------ */

void gl_record_install(glhle_context *ctx)
{
    if (R.installed)
        return;
    R.installed = true;
    R.real = ctx->gl;
    GladGLContext *gl = &ctx->gl;
/* only where the context has the entry point: glhle tests some for NULL */
#define INSTALL_(name, ...)                                                                                          \
    if (gl->name)                                                                                                    \
        gl->name = w_##name;
    REC_CALLS(INSTALL_, INSTALL_, INSTALL_, INSTALL_, INSTALL_, INSTALL_)
    INSTALL_(TextureBarrier)
    INSTALL_(BufferSubData)
    INSTALL_(NamedBufferSubData)
    INSTALL_(NamedBufferData)
    INSTALL_(DrawArraysInstancedBaseInstance)
    INSTALL_(DrawElementsBaseVertex)
    INSTALL_(DrawElementsInstancedBaseVertexBaseInstance)
    INSTALL_(GetError)
    INSTALL_(GetIntegerv)
    INSTALL_(FenceSync)
    INSTALL_(ClientWaitSync)
    INSTALL_(DeleteSync)
    INSTALL_(DrawArrays)
    INSTALL_(DrawElements)
    INSTALL_(DrawArraysInstanced)
    INSTALL_(DrawElementsInstancedBaseVertex)
    INSTALL_(MultiDrawArraysIndirect)
    INSTALL_(MultiDrawElementsIndirect)
    INSTALL_(DispatchCompute)
#undef INSTALL_
}

const GladGLContext *gl_record_real(const glhle_context *ctx)
{
    return R.installed ? &R.real : &ctx->gl;
}

void gl_record_start(gl_recording *r)
{
    gl_recording_free(r);
    R.kept_n = R.kept_next = 0;
    R.rec = r;
}

void gl_record_stop(void)
{
    R.rec = NULL;
}

void gl_replay(const gl_recording *r)
{
    const GladGLContext *gl = &R.real;
    for (size_t i = 0; i < r->n; i++) {
        const gl_rec_op *o = &r->ops[i];
        const rec_arg *a = o->a;
        for (size_t k = 0; k < o->range_n; k++) {
            const gl_rec_range *g = &r->ranges[o->range_first + k];
            memcpy(g->dst, r->blob + g->blob, g->size); /* as a program streaming them writes them */
        }
        switch (o->op) {
#define CASE1_(name, T0)                                                                                             \
    case OP_##name: gl->name(ARG(T0, 0)); break;
#define CASE2_(name, T0, T1)                                                                                         \
    case OP_##name: gl->name(ARG(T0, 0), ARG(T1, 1)); break;
#define CASE3_(name, T0, T1, T2)                                                                                     \
    case OP_##name: gl->name(ARG(T0, 0), ARG(T1, 1), ARG(T2, 2)); break;
#define CASE4_(name, T0, T1, T2, T3)                                                                                 \
    case OP_##name: gl->name(ARG(T0, 0), ARG(T1, 1), ARG(T2, 2), ARG(T3, 3)); break;
#define CASE5_(name, T0, T1, T2, T3, T4)                                                                             \
    case OP_##name: gl->name(ARG(T0, 0), ARG(T1, 1), ARG(T2, 2), ARG(T3, 3), ARG(T4, 4)); break;
#define CASE6_(name, T0, T1, T2, T3, T4, T5)                                                                         \
    case OP_##name: gl->name(ARG(T0, 0), ARG(T1, 1), ARG(T2, 2), ARG(T3, 3), ARG(T4, 4), ARG(T5, 5)); break;
            REC_CALLS(CASE1_, CASE2_, CASE3_, CASE4_, CASE5_, CASE6_)
        case OP_TextureBarrier: gl->TextureBarrier(); break;
        case OP_BufferSubData:
            gl->BufferSubData((GLenum)a[0].u64, (GLintptr)a[1].u64, (GLsizeiptr)o->blob_size, r->blob + o->blob);
            break;
        case OP_NamedBufferSubData:
            gl->NamedBufferSubData((GLuint)a[0].u64, (GLintptr)a[1].u64, (GLsizeiptr)o->blob_size, r->blob + o->blob);
            break;
        case OP_NamedBufferData:
            gl->NamedBufferData((GLuint)a[0].u64, (GLsizeiptr)a[1].u64, a[2].u64 ? r->blob + o->blob : NULL,
                                (GLenum)a[3].u64);
            break;
        case OP_DrawArraysInstancedBaseInstance:
            gl->DrawArraysInstancedBaseInstance((GLenum)a[0].u64, (GLint)(int64_t)a[1].u64, (GLsizei)a[2].u64,
                                                (GLsizei)a[3].u64, (GLuint)a[4].u64);
            break;
        case OP_DrawElementsBaseVertex:
            gl->DrawElementsBaseVertex((GLenum)a[0].u64, (GLsizei)a[1].u64, (GLenum)a[2].u64,
                                       (const void *)(uintptr_t)a[3].u64, (GLint)(int64_t)a[5].u64);
            break;
        case OP_DrawElementsInstancedBaseVertexBaseInstance:
            gl->DrawElementsInstancedBaseVertexBaseInstance((GLenum)a[0].u64, (GLsizei)a[1].u64, (GLenum)a[2].u64,
                                                            (const void *)(uintptr_t)a[3].u64, (GLsizei)a[4].u64,
                                                            (GLint)(int64_t)a[5].u64, (GLuint)a[6].u64);
            break;
        default: abort();
        }
    }
}

void gl_record_clear(const glhle_context *ctx, GLuint fbo)
{
    const GladGLContext *gl = gl_record_real(ctx);
    gl->BindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
    gl->Disable(GL_SCISSOR_TEST);
    gl->ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    gl->DepthMask(GL_TRUE);
    gl->StencilMask(0xFF);
    gl->ClearColor(0.1f, 0.2f, 0.3f, 1.0f);
    gl->ClearDepth(0.0);
    gl->ClearStencil(0);
    gl->Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
}

void gl_recording_scribble(const gl_recording *r)
{
    for (size_t i = 0; i < r->ranges_n; i++)
        memset(r->ranges[i].dst, 0xff, r->ranges[i].size);
}

void gl_recording_free(gl_recording *r)
{
    free(r->ops);
    free(r->ranges);
    free(r->blob);
    memset(r, 0, sizeof *r);
}
