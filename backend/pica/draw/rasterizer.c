/* Stage draw/: the GL draw path -- the renderer a GL instance installs.
 * Owns programs, samplers, the vertex stream and the draw's GL state. May
 * call: shader/ (the CPU geometry pipeline), fragment/, surface/,
 * frontend/ (through the pica_frontend it is given), shadergen/, backend/gl
 * and backend/common. The instance installs pica_rasterizer_hooks(). */
/* The PICA200 draw path on GL (rasterizer.h has the overview).
 *
 * Facts, with their sources:
 *  - Compare functions, stencil operations, blend equations and factors,
 *    logic ops: the register encodings of 3dbrew GPU/Internal_Registers
 *    (GPUREG_FRAGOP_ALPHA_TEST, STENCIL_TEST/OP, BLEND_FUNC, LOGIC_OP);
 *    blend equations 5-7 act as ADD and factors past 14 as ONE (Azahar
 *    pica_to_gl.h, "hwtested" for the equations). MIN and MAX apply the
 *    factors (Azahar's software framebuffer); GL's ignore them, so unless
 *    both are ONE the fragment shader blends that channel group and GL's
 *    blender passes it through (pica_fs_key.h).
 *  - Culling: FACECULLING_CONFIG 1 drops counter-clockwise, 2 clockwise
 *    triangles in window coordinates (y up), the winding Azahar's GL
 *    rasterizer gives GL for an unflipped framebuffer.
 *  - Depth: the test runs when enabled or when depth writes are on (then
 *    with ALWAYS: a disabled test still writes, Azahar SyncDepthTest);
 *    writes need DEPTH_COLOR_MASK bit 12 and DEPTHBUFFER_WRITE. Stencil
 *    only with a D24S8 buffer (Azahar SyncStencilTest).
 *  - Blending off means the logic op is on (COLOR_OPERATION bit 8; Azahar's
 *    GL state enables GL_COLOR_LOGIC_OP whenever blending is off).
 *  - Viewport: VIEWPORT_XY corner plus twice the f24 half sizes, each edge
 *    truncated to an integer (Azahar RasterizerRegs::GetViewportRect),
 *    times the resolution scale.
 *  - Scissor: SCISSORTEST_POS/DIM are window coordinates (y up) with an
 *    inclusive end; mode 3 keeps the box, mode 1 drops it (Azahar's
 *    generator and software rasterizer; 3dbrew names 0 and 3 only).
 *  - Quaternions: a triangle whose vertices carry opposite quaternions
 *    (dot < 0) has those of vertices 1 and 2 negated before interpolation;
 *    the hardware does the same (Azahar RasterizerAccelerated::AddTriangle).
 *  - Texture samplers: filters PARAM bits 1/2/24, wraps bits 8-14 (modes
 *    4 and 5 clamp here, and the texture is bound again with samplers
 *    repeating on those axes for the generated shader: pica_fs_key.h),
 *    border colour,
 *    LOD min/max from TEXUNITi_LOD (the bias is added by the generated
 *    fragment shader). */
#include "backend/pica/draw/rasterizer.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/hash.h"
#include "backend/gl/gl_caps.h"
#include "backend/gl/gl_context.h"
#include "backend/gl/gl_util.h"
#include "backend/gl/program_service.h"
#include "backend/gl/stream_buffer.h"
#include "backend/pica/fragment/fs_buffers.h"
#include "backend/pica/draw/programs.h"
#include "backend/pica/fragment/fs_key.h"
#include "backend/pica/surface/gl_pass.h"
#include "backend/pica/frontend/frontend.h"
#include "backend/pica/shader/primitive.h"
#include "backend/pica/shader/shader_glsl.h"
#include "backend/pica/shader/vertex.h"
#include "shadergen/pica_fs.h"
#include "shadergen/pica_fs_uber.h"

#define STREAM_BYTES (16u << 20)
#define CHUNK_VERTICES 16384u
#define CHUNK_INDICES (6u * CHUNK_VERTICES)
#define VERTEX_BYTES ((uint32_t)sizeof(pica_out_vertex))
#define SAMPLER_SLOTS 32
#define TEXT_LIMIT (1u << 20)
/* guest attribute bytes one fetch-mode draw may copy into the ring; a
 * larger draw has the CPU loader convert its vertices instead */
#define FETCH_MAX_BYTES (STREAM_BYTES / 4)

_Static_assert(VERTEX_BYTES == 96, "the vertex layout below assumes pica_out_vertex's 96 bytes");
_Static_assert(PICA_VS_UBO_BINDING == 1, "pica_vs.c spells the binding out");
_Static_assert(FETCH_MAX_BYTES + 12 * 16 + CHUNK_INDICES * 4 <= STREAM_BYTES / 2,
               "a fetch-mode draw's attribute bytes and indices fit the ring's largest mapping");
_Static_assert((CHUNK_VERTICES + 2 * (CHUNK_INDICES / 3) + 1) * VERTEX_BYTES + CHUNK_INDICES * 4 <= STREAM_BYTES / 2,
               "a chunk, with the quaternion copies, fits the stream ring's largest mapping");

/* The register groups this renderer consumes (and so clears after a draw). */
#define CONSUMED_GROUPS                                                                                     \
    (PICA_FS_KEY_GROUPS | PICA_FS_UNIFORM_GROUPS | PICA_DIRTY(LIGHTING_LUT) | PICA_DIRTY(FOG_LUT) |          \
     PICA_DIRTY(PROCTEX_LUT) | PICA_DIRTY(FRAMEBUFFER) | PICA_DIRTY(OUTMAP) | PICA_DIRTY(VS_CONFIG) |         \
     PICA_DIRTY(GS_CONFIG) | PICA_DIRTY(GEOMETRY))
/* What the vertex-shader key depends on, with GEOMETRY's geometry-shader
 * enable (compared, since GEOMETRY also holds the index buffer and vertex
 * count, which most draws change) and RASTER's clip enable. */
#define VS_KEY_GROUPS (PICA_DIRTY(OUTMAP) | PICA_DIRTY(VS_CONFIG) | PICA_DIRTY(GS_CONFIG))
/* What the fixed-function state depends on (with the render targets). */
#define FIXED_GROUPS (PICA_DIRTY(RASTER) | PICA_DIRTY(FRAGOP) | PICA_DIRTY(FRAMEBUFFER))

typedef pica_program_key program_key;

/* What the GPU vertex path's key half depends on besides the code memory
 * (whose changes bump program_generation). */
typedef struct gpu_vs_source {
    uint32_t generation;
    uint16_t entry, output_mask;
    uint8_t input_count, clip, pad[2];
    uint8_t input_register[16];
    pica_outmap_state outmap;
} gpu_vs_source;

/* What the geometry path's key half depends on besides the GS unit's code
 * memory (program_generation). */
typedef struct gpu_gs_source {
    uint32_t generation;
    uint16_t entry, output_mask, vs_output_mask;
    uint8_t mode, vertices, per_vertex, start_index, input_count, main_vertices;
    uint8_t counts; /* variable mode with counts that differ: bit n for count n (vertices the largest); else 0 */
    uint8_t pad;
    uint8_t input_register[16];
    pica_outmap_state outmap;
} gpu_gs_source;

typedef struct sampler_slot {
    uint64_t key; /* packed sampler parameters; 0 = free (real keys have bit 63 set) */
    uint64_t last_use;
    GLuint sampler;
} sampler_slot;

struct pica_rasterizer {
    pica_frontend *p;
    glhle_context *ctx;
    GladGLContext *gl;
    gl_state *st;
    pica_surface_cache *surfaces;
    pica_pipeline *pipeline;
    gl_stream_buffer stream;
    GLuint vao;
    gl_program_service *programs;
    pica_fs_host host;

    /* derived state, kept between draws */
    pica_fs_derived fs;
    pica_fs_buffers buffers;
    GLuint vs_ubo;
    pica_vs_uniforms vs_uniforms;  /* what vs_ubo holds */
    bool vs_uniforms_valid;
    pica_vs_key vs_key;
    bool vs_key_gs;                /* the geometry shader was on for vs_key */
    program_key key;               /* of `program` */
    GLuint program;
    glhle_result program_result;   /* OK, or why the current key has no program */
    bool have_program;             /* key and program are current */
    bool uber;                     /* `program` is the ubershader: looked up again at each draw */
    bool uber_always;              /* GLHLE_PICA_UBERSHADER_ALWAYS: it is the only program */
    GLuint uber_ubo;               /* its PicaFsUberConfig */
    pica_fs_uber_config uber_config; /* what uber_ubo holds */
    bool uber_config_valid;
    bool fixed_valid;
    pica_render_targets fixed_rt;  /* the targets `fixed` was derived for */
    pica_gl_fixed fixed;
    sampler_slot samplers[SAMPLER_SLOTS];
    uint64_t sampler_clock;
    GLuint nearest_sampler;        /* integer (shadow) textures */
    GLuint scratch[4];             /* feedback-loop copies, per unit; [DEST_SCRATCH]: the destination's */
    uint32_t scratch_w[4], scratch_h[4];
    GLuint shadow_view;            /* the R32UI view of this draw's shadow texture, if any */

    /* per draw */
    bool prepared, skip, drew;
    bool shadow_pass;              /* COLOR_OPERATION mode 3 or 1: image updates, a barrier after each GL draw */
    bool gas_pass;                 /* mode 1, the gas density pass (its texels stay colour bytes) */
    GLuint shadow_image;           /* the surface cache's R32UI view the pass updates */
    bool fix_quats;
    bool dest_barrier;             /* the shader reads the colour attachment: a texture barrier per GL draw */
    bool dest_copy;                /* ... without one (gl_caps_dest_copy): a copy of it per GL draw instead */
    pica_render_targets rt;

    /* the GPU vertex path (glhle_pica_desc.vertex_shaders) */
    bool vs_gpu_enabled;
    bool vs_gpu_strict;            /* GLHLE_PICA_VERTEX_SHADERS_GPU: no fallback for programs */
    bool gpu_refused;              /* choose_gpu: this draw's program cannot take the GPU path ... */
    char gpu_why[160];             /* ... and why */
    bool gpu;                      /* this draw's vertices are shaded by the translated program */
    bool gpu_failed;               /* its program failed to build (or compiles on a worker): the draw runs again on the CPU */
    gl_program_service *gpu_programs;
    pica_gpu_program_key *gpu_key; /* of gpu_program */
    gpu_vs_source gpu_source;      /* what the key's vertex half was made from */
    bool gpu_source_valid, gpu_vs_ok, gpu_vs_failed, gpu_vs_changed;
    GLuint gpu_program;
    bool gpu_have_program;
    GLuint gpu_vao[16];            /* by input count: vec4 attributes 0..n-1 at a stride of n vec4s */
    GLuint fetch_vao;              /* fetch mode: formats and buffers set per draw */
    uint16_t fetch_enabled;        /* its attribute arrays that are enabled */
    GLuint vsp_ubo;
    /* the translated programs' status word (PICA_VSP_STATUS_SSBO_BINDING;
     * 0: the host has no vertex-stage storage buffers, no status comes back) */
    GLuint vsp_status;             /* and after it the steps the draw-form invocations ran */
    bool gpu_may_report;           /* pica_vsp_may_report of the key's program: read the word after its draws */
    uint32_t gpu_step_bound;       /* pica_vsp_step_bound of the key's program */
    uint32_t gpu_step_pass;        /* and its reachable instructions */
    pica_vsp_uniforms vsp_uniforms; /* what vsp_ubo holds */
    bool vsp_uniforms_valid;
    const glhle_logger *log;
    uint64_t gpu_draws, cpu_draws, gpu_vertices, cpu_vertices;

    /* the GPU geometry-shader path (draws with the geometry stage on) */
    bool gs;                       /* this draw's geometry shader runs on the GPU (with r->gpu) */
    gl_program_service *gs_programs; /* pica_gs_program_key -> three-stage program (and TITLE.pica-gs.glsc) */
    pica_gs_program_key *gs_key;   /* NULL: no GPU geometry path on this instance */
    uint32_t gs_host;              /* host bits of its programs */
    gpu_gs_source gs_source;       /* what the key's geometry half was made from */
    bool gs_source_valid, gs_ok, gs_failed, gs_changed, gs_vs_changed;
    bool gs_may_report;            /* pica_vsp_may_report of the geometry program */
    uint32_t gs_step_bound;        /* pica_vsp_step_bound of the geometry program */
    uint32_t gs_step_pass;         /* and its reachable instructions */
    uint32_t gs_stream_logged;     /* program generation whose variable-mode index stream refusal was logged */
    pica_gsp_bound gs_bound;       /* what bounds the program's triangles (its LOOPs: per draw) */
    uint32_t gs_loop_logged;       /* program generation whose loop-bound refusal was logged */
    GLuint gs_program;
    bool gs_have_program;
    GLenum gs_prim;                /* the GL primitive one invocation's vertices make */
    uint32_t gs_chunks;            /* chunks of this draw so far */
    /* variable mode with counts that differ (gs_source.counts): the
     * program of each count, the key's with that count, and which are here */
    pica_gs_program_key *gs_run_key;
    GLuint gs_run_program[7];
    uint32_t gs_run_have;
    float gs_c_saved[PICA_SHADER_FLOAT_UNIFORMS][4]; /* the GS unit's c registers as such a draw started */
    GLuint gsp_ubo;                /* PicaGsUniforms */
    pica_vsp_uniforms gsp_uniforms; /* what gsp_ubo holds */
    bool gsp_uniforms_valid;

    pica_rasterizer_stats stats;
};

/* ---- register encodings to GL -------------------------------------------------------------------------- */

static const GLenum compare_gl[8] = {GL_NEVER, GL_ALWAYS, GL_EQUAL, GL_NOTEQUAL,
                                     GL_LESS,  GL_LEQUAL, GL_GREATER, GL_GEQUAL};
static const GLenum stencil_op_gl[8] = {GL_KEEP, GL_ZERO,   GL_REPLACE,   GL_INCR,
                                        GL_DECR, GL_INVERT, GL_INCR_WRAP, GL_DECR_WRAP};
static const GLenum blend_eq_gl[8] = {GL_FUNC_ADD, GL_FUNC_SUBTRACT, GL_FUNC_REVERSE_SUBTRACT, GL_MIN,
                                      GL_MAX,      GL_FUNC_ADD,      GL_FUNC_ADD,              GL_FUNC_ADD};
static const GLenum blend_factor_gl[16] = {
    GL_ZERO,           GL_ONE,
    GL_SRC_COLOR,      GL_ONE_MINUS_SRC_COLOR,
    GL_DST_COLOR,      GL_ONE_MINUS_DST_COLOR,
    GL_SRC_ALPHA,      GL_ONE_MINUS_SRC_ALPHA,
    GL_DST_ALPHA,      GL_ONE_MINUS_DST_ALPHA,
    GL_CONSTANT_COLOR, GL_ONE_MINUS_CONSTANT_COLOR,
    GL_CONSTANT_ALPHA, GL_ONE_MINUS_CONSTANT_ALPHA,
    GL_SRC_ALPHA_SATURATE, GL_ONE,
};
static const GLenum logic_gl[16] = {GL_CLEAR, GL_AND,  GL_AND_REVERSE, GL_COPY,  GL_SET,   GL_COPY_INVERTED,
                                    GL_NOOP,  GL_INVERT, GL_NAND,      GL_OR,    GL_NOR,   GL_XOR,
                                    GL_EQUIV, GL_AND_INVERTED, GL_OR_REVERSE, GL_OR_INVERTED};
/* 4 and 5 clamp to the edge and the border for texels above the texture
 * and repeat negative ones: the fragment shader takes a repeating
 * variant's sample below 0.5 (pica_fs_key.h PICA_FS_WRAP_NEG_REPEAT); 6 and
 * 7 repeat (Azahar regs_texturing.h WrapMode, from hardware tests). */
static const GLenum wrap_gl[8] = {GL_CLAMP_TO_EDGE, GL_CLAMP_TO_BORDER, GL_REPEAT, GL_MIRRORED_REPEAT,
                                  GL_CLAMP_TO_EDGE, GL_CLAMP_TO_BORDER, GL_REPEAT, GL_REPEAT};

/* ---- keys ---------------------------------------------------------------------------------------------- */

void pica_vs_key_from_outmap(const pica_outmap_state *om, uint16_t output_mask, pica_vs_key *key)
{
    /* semantic number -> PICA_VS_OUT_* (0 for position and the padding slots 0x11, 0x15) */
    static const uint8_t group[24] = {
        0, 0, 0, 0,
        PICA_VS_OUT_NORMQUAT, PICA_VS_OUT_NORMQUAT, PICA_VS_OUT_NORMQUAT, PICA_VS_OUT_NORMQUAT,
        PICA_VS_OUT_COLOR, PICA_VS_OUT_COLOR, PICA_VS_OUT_COLOR, PICA_VS_OUT_COLOR,
        PICA_VS_OUT_TEXCOORD0, PICA_VS_OUT_TEXCOORD0, PICA_VS_OUT_TEXCOORD1, PICA_VS_OUT_TEXCOORD1,
        PICA_VS_OUT_TEXCOORD0_W, 0,
        PICA_VS_OUT_VIEW, PICA_VS_OUT_VIEW, PICA_VS_OUT_VIEW, 0,
        PICA_VS_OUT_TEXCOORD2, PICA_VS_OUT_TEXCOORD2,
    };
    uint8_t sem[16][4];
    pica_outmap_resolve(om, output_mask, sem);
    memset(key, 0, sizeof *key);
    for (unsigned reg = 0; reg < 16; reg++)
        for (unsigned c = 0; c < 4; c++)
            if (sem[reg][c] < 24)
                key->outputs |= group[sem[reg][c]];
    pica_vs_key_normalize(key);
}

/* ---- fixed-function state ------------------------------------------------------------------------------ */

/* A float register value as a pixel coordinate: truncated toward zero like
 * Azahar's static_cast, NaN as 0, kept inside GL's viewport limits. */
static int32_t coord(float v)
{
    if (!(v == v))
        return 0;
    if (v > 16384.0f)
        return 16384;
    if (v < -16384.0f)
        return -16384;
    return (int32_t)v;
}

static int32_t clampi(int32_t v, int32_t lo, int32_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* Guest rectangle [x0, x1) x [y0, y1) (window coordinates, y up) as GL pixels. */
static void gl_rect(const pica_render_targets *rt, int32_t x0, int32_t y0, int32_t x1, int32_t y1, GLint out[4])
{
    const int32_t s = (int32_t)rt->scale;
    out[0] = rt->origin_x + x0 * s;
    out[1] = rt->origin_y + y0 * s;
    out[2] = x1 > x0 ? (x1 - x0) * s : 0;
    out[3] = y1 > y0 ? (y1 - y0) * s : 0;
}

/* ---- buffers whose reads are off ----------------------------------------------------------------------
 * COLORBUFFER_READ and DEPTHBUFFER_READ (0x112, 0x114; 3dbrew
 * GPU/Internal_Registers) switch the reads of the colour, depth and
 * stencil buffers off; what is not read is zero. GL always reads, so each
 * use of the value read becomes what a zero gives. */

/* A blend factor with the destination at zero; `alpha` for the alpha
 * channel, where SRC_ALPHA_SATURATE is ONE. */
static GLenum factor_dst_zero(GLenum f, bool alpha)
{
    switch (f) {
    case GL_DST_COLOR:
    case GL_DST_ALPHA: return GL_ZERO;
    case GL_ONE_MINUS_DST_COLOR:
    case GL_ONE_MINUS_DST_ALPHA: return GL_ONE;
    case GL_SRC_ALPHA_SATURATE: return alpha ? GL_ONE : GL_SRC_ALPHA; /* min(As, 1 - 0) */
    default: return f;
    }
}

/* One channel group's blend over a zero destination: the destination's
 * term is 0, so add and subtract leave src * Fs, reverse subtract gives
 * max(0 - src * Fs, 0) = 0, MIN (with its factors, as the PICA applies
 * them) min(src * Fs, 0) = 0 and MAX src * Fs. */
static void blend_dst_zero(GLenum *eq, GLenum *src, GLenum *dst, bool alpha)
{
    const bool zero = *eq == GL_FUNC_REVERSE_SUBTRACT || *eq == GL_MIN;
    *src = zero ? GL_ZERO : factor_dst_zero(*src, alpha);
    *dst = GL_ZERO;
    *eq = GL_FUNC_ADD;
}

/* A logic op with the destination at zero (s op 0). */
static GLenum logic_dst_zero(GLenum op)
{
    switch (op) {
    case GL_AND:
    case GL_NOOP:
    case GL_AND_INVERTED: return GL_CLEAR;
    case GL_AND_REVERSE:
    case GL_OR:
    case GL_XOR: return GL_COPY;
    case GL_INVERT:
    case GL_NAND:
    case GL_OR_REVERSE: return GL_SET;
    case GL_NOR:
    case GL_EQUIV:
    case GL_OR_INVERTED: return GL_COPY_INVERTED;
    default: return op; /* CLEAR, COPY, SET, COPY_INVERTED */
    }
}

/* The outcome of `a func 0` for a PICA comparison (0 never, 1 always,
 * 2 equal, 3 not equal, 4 less, 5 less or equal, 6 greater, 7 greater or
 * equal; 3dbrew GPUREG_DEPTH_COLOR_MASK), a >= 0. */
static bool compare_with_zero(unsigned func, uint32_t a)
{
    switch (func & 7) {
    case 0: return false;
    case 2:
    case 5: return a == 0;
    case 3:
    case 6: return a != 0;
    case 4: return false;
    default: return true; /* always, greater or equal */
    }
}

/* The byte a stencil op (GPUREG_STENCIL_OP codes: keep, zero, replace,
 * increment, decrement, invert, increment and decrement with wrap; 3dbrew)
 * writes over a zero read: keep, zero and decrement (which clamps at 0)
 * write 0, replace the reference, the increments 1, invert and the
 * wrapping decrement 0xFF. */
static unsigned stencil_op_on_zero(unsigned op, unsigned ref)
{
    switch (op & 7) {
    case 2: return ref & 0xFF;
    case 3:
    case 6: return 1;
    case 5:
    case 7: return 0xFF;
    default: return 0;
    }
}

/* With the stencil read off the test is constant and every op writes a
 * constant. GL writes constants with ZERO and REPLACE, whose value is the
 * reference (free now: the test no longer reads it), so the outcomes the
 * draw can reach share one reference. Reachable: the fail op when the test
 * fails, else the pass op and, when the depth test can fail, the depth-fail
 * op. Two reachable outcomes that need different non-zero bytes cannot
 * share it: the depth-fail byte is then written by a pass of its own before
 * the draw (out->stencil_zfail_pass), and the draw keeps it where the depth
 * test fails (docs/architecture.md). */
static void stencil_ops_read_zero(const pica_fragop_state *fo, bool test_passes, bool depth_can_fail,
                                  pica_gl_fixed *out)
{
    gl_stencil *st = &out->stencil;
    const unsigned ref = fo->stencil_ref;
    const unsigned v_fail = stencil_op_on_zero(fo->stencil_fail, ref);
    const unsigned v_zfail = stencil_op_on_zero(fo->stencil_zfail, ref);
    const unsigned v_zpass = stencil_op_on_zero(fo->stencil_zpass, ref);
    st->sfail = v_fail ? GL_REPLACE : GL_ZERO;
    st->dpfail = v_zfail ? GL_REPLACE : GL_ZERO;
    st->dppass = v_zpass ? GL_REPLACE : GL_ZERO;
    if (!test_passes) {
        st->ref = (GLint)v_fail;
        return;
    }
    st->ref = (GLint)(v_zpass ? v_zpass : v_zfail);
    if (depth_can_fail && v_zfail && v_zpass && v_zfail != v_zpass) {
        out->stencil_zfail_pass = true;
        out->stencil_zfail_ref = (GLint)v_zfail;
        st->dpfail = GL_KEEP;
    }
}

/* A window-coordinate rectangle as GL pixels, mirrored top to bottom
 * inside the H rows of the targets when the framebuffer is flipped. */
static void gl_rect_flip(const pica_render_targets *rt, bool flip, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                         GLint out[4])
{
    const int32_t H = (int32_t)rt->height;
    if (flip)
        gl_rect(rt, x0, H - y1, x1, H - y0, out);
    else
        gl_rect(rt, x0, y0, x1, y1, out);
}

void pica_gl_fixed_from_state(const pica_state *s, const pica_render_targets *rt, pica_gl_fixed *out)
{
    const pica_raster_state *ra = &s->raster;
    const pica_fragop_state *fo = &s->fragop;
    const pica_framebuffer_state *fb = &s->framebuffer;
    memset(out, 0, sizeof *out);
    const int32_t W = (int32_t)rt->width, H = (int32_t)rt->height;
    /* FRAMEBUFFER_DIM bit 24 clear: the picture is mirrored top to bottom
     * in the buffer, viewport and scissor with it (Azahar 0eb4a7172
     * "Implement framebuffer vertical flip flag": IsFlipped() = !bit 24;
     * libctru and the SDK always set the bit, 3dbrew lists it as 1). The
     * draw then maps clip space with glClipControl's upper-left origin. */
    const bool flip = !fb->dim_bit24;
    out->flip_y = flip;

    /* viewport */
    const int32_t vx = ra->viewport_x, vy = ra->viewport_y;
    const int32_t vr = coord((float)vx + ra->viewport_half_width * 2.0f);
    const int32_t vt = coord((float)vy + ra->viewport_half_height * 2.0f);
    gl_rect_flip(rt, flip, vx, vy, vr, vt, out->viewport);
    /* what the draw can touch: the viewport inside the targets */
    int32_t wx0 = clampi(vx, 0, W), wx1 = clampi(vr, 0, W), wy0 = clampi(vy, 0, H), wy1 = clampi(vt, 0, H);

    /* scissor: inclusive ends, window coordinates */
    const int32_t sx0 = clampi(ra->scissor_x1, 0, W), sy0 = clampi(ra->scissor_y1, 0, H);
    const int32_t sx1 = clampi((int32_t)ra->scissor_x2 + 1, 0, W), sy1 = clampi((int32_t)ra->scissor_y2 + 1, 0, H);
    if (ra->scissor_mode == PICA_SCISSOR_INCLUDE) {
        out->scissor_rects = 1;
        gl_rect_flip(rt, flip, sx0, sy0, sx1, sy1, out->scissor[0]);
        wx0 = wx0 > sx0 ? wx0 : sx0;
        wy0 = wy0 > sy0 ? wy0 : sy0;
        wx1 = wx1 < sx1 ? wx1 : sx1;
        wy1 = wy1 < sy1 ? wy1 : sy1;
    } else if (ra->scissor_mode == PICA_SCISSOR_EXCLUDE && sx1 > sx0 && sy1 > sy0) {
        /* GL's scissor keeps one box; the complement of the excluded box is
         * up to four disjoint boxes, each drawn once, so every fragment
         * outside the box is produced exactly once (blending and stencil
         * see it once) and none inside. */
        const int32_t band[4][4] = {
            {0, 0, W, sy0},     /* below */
            {0, sy1, W, H},     /* above */
            {0, sy0, sx0, sy1}, /* left */
            {sx1, sy0, W, sy1}, /* right */
        };
        for (int i = 0; i < 4; i++)
            if (band[i][2] > band[i][0] && band[i][3] > band[i][1])
                gl_rect_flip(rt, flip, band[i][0], band[i][1], band[i][2], band[i][3],
                             out->scissor[out->scissor_rects++]);
        if (!out->scissor_rects) /* the box covers the targets: nothing passes */
            out->scissor_rects = 1;
    }
    if (wx1 > wx0 && wy1 > wy0) /* guest rows from the top: H - wy1 unflipped, wy0 flipped */
        out->written = (pica_rect){(uint32_t)wx0, (uint32_t)(flip ? wy0 : H - wy1), (uint32_t)(wx1 - wx0),
                                   (uint32_t)(wy1 - wy0)};

    /* culling */
    out->cull = ra->cull == PICA_CULL_CCW || ra->cull == PICA_CULL_CW;
    out->front_face = ra->cull == PICA_CULL_CCW ? GL_CW : GL_CCW;

    /* depth */
    out->depth_write = rt->has_depth && fb->depth_write && fo->depth_write;
    out->depth_test = rt->has_depth && (fo->depth_test || out->depth_write);
    out->depth_func = fo->depth_test ? compare_gl[fo->depth_func & 7] : GL_ALWAYS;
    if (fo->depth_test && !fb->depth_read) {
        /* z func 0 with z in [0, 1]: constant but where z is exactly 0,
         * which is taken as above 0 (docs/architecture.md) */
        const unsigned f = fo->depth_func & 7;
        out->depth_func = (f == 1 || f == 3 || f == 6 || f == 7) ? GL_ALWAYS : GL_NEVER;
    }

    /* stencil */
    gl_stencil *st = &out->stencil;
    st->enable = rt->has_stencil && fo->stencil_test;
    st->func = compare_gl[fo->stencil_func & 7];
    st->ref = fo->stencil_ref;
    st->func_mask = fo->stencil_input_mask;
    st->write_mask = st->enable && fb->stencil_write ? fo->stencil_write_mask : 0;
    st->sfail = stencil_op_gl[fo->stencil_fail & 7];
    st->dpfail = stencil_op_gl[fo->stencil_zfail & 7];
    st->dppass = stencil_op_gl[fo->stencil_zpass & 7];
    if (st->enable && !fb->stencil_read) {
        /* (ref & mask) func (0 & mask), and the ops on a zero */
        const bool passes = compare_with_zero(fo->stencil_func, fo->stencil_ref & fo->stencil_input_mask);
        st->func = passes ? GL_ALWAYS : GL_NEVER;
        stencil_ops_read_zero(fo, passes, out->depth_test && out->depth_func != GL_ALWAYS, out);
    }

    /* blending, or the logic op */
    gl_blend *b = &out->blend;
    b->enable = fo->blend;
    b->eq_rgb = blend_eq_gl[fo->blend_eq_rgb & 7];
    b->eq_alpha = blend_eq_gl[fo->blend_eq_alpha & 7];
    b->src_rgb = blend_factor_gl[fo->blend_src_rgb & 15];
    b->dst_rgb = blend_factor_gl[fo->blend_dst_rgb & 15];
    b->src_alpha = blend_factor_gl[fo->blend_src_alpha & 15];
    b->dst_alpha = blend_factor_gl[fo->blend_dst_alpha & 15];
    const bool dst_zero = !fb->color_read;
    if (dst_zero) {
        blend_dst_zero(&b->eq_rgb, &b->src_rgb, &b->dst_rgb, false);
        blend_dst_zero(&b->eq_alpha, &b->src_alpha, &b->dst_alpha, true);
    }
    /* MIN/MAX with factors: the shader blends (pica_fs_key.h) and GL's
     * blender passes its result through; with the reads off the key
     * leaves it to the zero-destination blend above */
    if (!dst_zero && pica_fs_blend_mode(fo->blend_eq_rgb, fo->blend_src_rgb, fo->blend_dst_rgb) != PICA_FS_BLEND_NONE) {
        b->eq_rgb = GL_FUNC_ADD;
        b->src_rgb = GL_ONE;
        b->dst_rgb = GL_ZERO;
    }
    if (!dst_zero &&
        pica_fs_blend_mode(fo->blend_eq_alpha, fo->blend_src_alpha, fo->blend_dst_alpha) != PICA_FS_BLEND_NONE) {
        b->eq_alpha = GL_FUNC_ADD;
        b->src_alpha = GL_ONE;
        b->dst_alpha = GL_ZERO;
    }
    for (int i = 0; i < 4; i++)
        out->blend_color[i] = fo->blend_color[i] / 255.0f;
    out->logic_op = !fo->blend;
    out->logic = logic_gl[fo->logic_op & 15];
    if (dst_zero)
        out->logic = logic_dst_zero(out->logic);

    /* colour writes: the buffer's write enable and the channel mask; the
     * alpha of a format without alpha is left alone, so it keeps the 1.0
     * the cache decodes and DST_ALPHA blends as on the hardware */
    const bool color = rt->has_color && fb->color_write;
    const bool alpha = rt->color_format == PICA_TEXFMT_RGBA8 || rt->color_format == PICA_TEXFMT_RGB5A1 ||
                       rt->color_format == PICA_TEXFMT_RGBA4;
    for (int c = 0; c < 4; c++)
        out->color_mask[c] = color && ((fo->color_write_mask >> c) & 1) && (c < 3 || alpha);

    out->clip_plane = ra->clip_enable;
    memcpy(out->clip, ra->clip_plane, sizeof out->clip);

    /* shadow-map rendering and the gas density pass: the shader updates
     * the colour buffer itself; no colour write, blend or logic op, and no
     * depth or stencil test or write (Azahar's GL rasterizer leaves the
     * depth buffer out of shadow draws; the density pass reads the depth
     * buffer itself with its own function, docs/pica-gas.md) */
    if (fo->mode == PICA_FRAGOP_SHADOW || fo->mode == PICA_FRAGOP_GAS) {
        memset(out->color_mask, 0, sizeof out->color_mask);
        out->blend.enable = false;
        out->logic_op = false;
        out->depth_test = out->depth_write = false;
        out->stencil.enable = false;
        out->stencil.write_mask = 0;
        out->stencil_zfail_pass = false;
    }
}

static void apply_fixed(pica_rasterizer *r, const pica_gl_fixed *f)
{
    gl_state *st = r->st;
    gl_state_viewport(st, f->viewport[0], f->viewport[1], f->viewport[2], f->viewport[3]);
    gl_state_cull(st, f->cull, GL_BACK, f->front_face);
    gl_state_depth(st, f->depth_test, f->depth_func, f->depth_write);
    gl_state_stencil(st, &f->stencil);
    gl_state_blend(st, &f->blend);
    if (f->blend.enable)
        gl_state_blend_color(st, f->blend_color);
    /* a host without glLogicOp (ES) has the op in the shader (the key's logic_op) */
    gl_state_logic_op(st, f->logic_op && !r->host.gles, f->logic);
    gl_state_color_mask(st, f->color_mask[0], f->color_mask[1], f->color_mask[2], f->color_mask[3]);
    gl_state_clip_distance0(st, f->clip_plane);
}

/* ---- programs ------------------------------------------------------------------------------------------ */

glhle_result pica_rasterizer_build_program(glhle_context *ctx, const pica_fs_key *fs, const pica_vs_key *vs,
                                           GLuint *program)
{
    program_key k;
    memset(&k, 0, sizeof k);
    k.fs = *fs;
    k.vs = *vs;
    glhle_bytebuf a, b;
    glhle_bytebuf_init(&a, TEXT_LIMIT);
    glhle_bytebuf_init(&b, TEXT_LIMIT);
    const pica_fs_host host = {.gles = ctx->info.gles, .framebuffer_fetch = ctx->info.framebuffer_fetch};
    glhle_result res = GLHLE_RESULT_OK;
    if (!pica_program_system()->generate(&k, pica_program_host_bits(&host), &a, &b))
        res = GLHLE_FAIL(&ctx->log, GLHLE_RESULT_OUT_OF_MEMORY,
                         "pica draw: generated shader text passed the %u-byte limit", TEXT_LIMIT);
    if (res == GLHLE_RESULT_OK)
        res = gl_link_program(ctx, glhle_bytebuf_cstr(&a), glhle_bytebuf_cstr(&b), program);
    glhle_bytebuf_free(&a);
    glhle_bytebuf_free(&b);
    return res;
}

/* The program for the current keys, looked up only when a key changed. */
static glhle_result update_program(pica_rasterizer *r, bool fs_changed, bool vs_changed)
{
    if (r->have_program && !fs_changed && !vs_changed && (!r->uber || r->uber_always))
        return r->program_result;
    memset(&r->key, 0, sizeof r->key);
    r->key.fs = r->fs.key;
    r->key.vs = r->vs_key;
    r->stats.program_lookups++;
    r->program_result = gl_program_service_get(r->programs, &r->key, &r->program);
    r->have_program = true;
    r->uber = gl_program_service_is_fallback(r->programs, r->program);
    if (r->uber) {
        /* the ubershader draws this key: its config, uploaded when it changed */
        pica_fs_uber_config c;
        pica_fs_uber_config_from_keys(&r->key.fs, &r->key.vs, &c);
        if (!r->uber_config_valid || memcmp(&c, &r->uber_config, sizeof c) != 0) {
            r->uber_config = c;
            r->uber_config_valid = true;
            r->gl->NamedBufferSubData(r->uber_ubo, 0, sizeof c, &c);
        }
    }
    return r->program_result;
}

/* The GPU vertex path's program: the fragment key with the vertex half
 * on_event made, looked up when either changed. */
static glhle_result update_gpu_program(pica_rasterizer *r, bool fs_changed)
{
    if (r->gpu_have_program && !fs_changed && !r->gpu_vs_changed && memcmp(&r->gpu_key->fs, &r->fs.key, sizeof r->fs.key) == 0)
        return GLHLE_RESULT_OK;
    r->gpu_key->fs = r->fs.key;
    r->gpu_vs_changed = false;
    r->stats.program_lookups++;
    glhle_result res = gl_program_service_get(r->gpu_programs, r->gpu_key, &r->gpu_program);
    r->gpu_have_program = res == GLHLE_RESULT_OK;
    if (res != GLHLE_RESULT_OK) {
        /* this vertex program stays on the CPU until it changes (the
         * service logged the build failure with the key) */
        r->gpu_vs_failed = true;
        GLHLE_WARN(r->log, "pica draw: the translated vertex shader (program generation %u) failed to build; its "
                           "draws take the CPU vertex path",
                   r->gpu_source.generation);
    }
    return res;
}

/* The geometry path's program: the vertex half choose_gpu made, the
 * geometry half choose_gs made and the fragment key, looked up when one
 * changed. */
static glhle_result update_gs_program(pica_rasterizer *r, bool fs_changed)
{
    const uint32_t counts = r->gs_source.counts;
    if (r->gs_have_program && !fs_changed && !r->gs_vs_changed && !r->gs_changed &&
        memcmp(&r->gs_key->vs.fs, &r->fs.key, sizeof r->fs.key) == 0 && (counts & ~r->gs_run_have) == 0)
        return GLHLE_RESULT_OK;
    r->gs_key->vs = *r->gpu_key;
    r->gs_key->vs.fs = r->fs.key;
    memset(r->gs_key->vs.outmap, 64, sizeof r->gs_key->vs.outmap); /* the geometry shader maps the outputs */
    r->gs_vs_changed = r->gs_changed = false;
    r->gs_run_have = 0;
    r->stats.program_lookups++;
    glhle_result res = gl_program_service_get(r->gs_programs, r->gs_key, &r->gs_program);
    r->gs_have_program = res == GLHLE_RESULT_OK && r->gs_program;
    if (r->gs_have_program && counts) {
        /* every count's program before the draw starts: one that is not
         * ready sends the whole draw to the CPU path, none of it drawn twice */
        r->gs_run_program[r->gs_key->vertices] = r->gs_program;
        r->gs_run_have = 1u << r->gs_key->vertices;
        for (uint32_t n = 1; n < 7 && res == GLHLE_RESULT_OK; n++) {
            if (!((counts & ~r->gs_run_have) >> n & 1u))
                continue;
            memcpy(r->gs_run_key, r->gs_key, sizeof *r->gs_run_key);
            r->gs_run_key->vertices = (uint8_t)n;
            if (r->gs_run_key->main_vertices > n)
                r->gs_run_key->main_vertices = (uint8_t)n;
            r->stats.program_lookups++;
            res = gl_program_service_get(r->gs_programs, r->gs_run_key, &r->gs_run_program[n]);
            if (res == GLHLE_RESULT_OK && r->gs_run_program[n])
                r->gs_run_have |= 1u << n;
            else
                r->gs_have_program = false;
        }
    }
    if (res == GLHLE_RESULT_OK && !r->gs_have_program) {
        /* compiling on a worker (defer_misses): the CPU path draws this
         * draw, and the next one asks again */
        r->stats.gs_compiling++;
        return GLHLE_RESULT_NOT_FOUND; /* not yet: prepare() hands the draw to the CPU path */
    }
    if (res != GLHLE_RESULT_OK) {
        r->gs_failed = true;
        GLHLE_WARN(r->log, "pica draw: the translated geometry shader (program generation %u) failed to build; its "
                           "draws take the CPU path",
                   r->gs_source.generation);
    }
    return res;
}

/* PicaGsUniforms from the GS unit's setup, uploaded when it differs; `b15`
 * for the chunks after a draw's first (gl_PrimitiveIDIn starts again at 0
 * in each GL draw, and the CPU path has set b15 by then). */
static void upload_gs_uniforms(pica_rasterizer *r, const pica_state *s, bool b15)
{
    const pica_shader_setup *gs = &s->gs_setup;
    pica_vsp_uniforms u;
    memcpy(u.c, gs->float_uniforms, sizeof u.c);
    for (unsigned i = 0; i < 4; i++)
        for (unsigned c = 0; c < 4; c++)
            u.i[i][c] = gs->int_uniforms[i][c];
    memset(u.b, 0, sizeof u.b);
    u.b[0] = gs->bool_uniforms | (b15 ? 0x8000u : 0u);
    if (!r->gsp_uniforms_valid || memcmp(&u, &r->gsp_uniforms, sizeof u) != 0) {
        r->gsp_uniforms = u;
        r->gsp_uniforms_valid = true;
        r->gl->NamedBufferSubData(r->gsp_ubo, 0, sizeof u, &u);
    }
}

/* ---- textures and samplers ----------------------------------------------------------------------------- */

static uint64_t sampler_key(const pica_tex_unit_state *u, bool integer)
{
    if (integer) /* texelFetch of an integer texture: complete only with NEAREST */
        return 1ull << 62;
    uint64_t k = 1ull << 63;
    k |= (uint64_t)(u->mag_filter & 1) | (uint64_t)(u->min_filter & 1) << 1 | (uint64_t)(u->mip_filter & 1) << 2;
    k |= (uint64_t)(u->wrap_s & 7) << 3 | (uint64_t)(u->wrap_t & 7) << 6;
    k |= (uint64_t)(u->lod_min & 15) << 9 | (uint64_t)(u->lod_max & 15) << 13;
    k |= (uint64_t)((uint32_t)u->border[0] | (uint32_t)u->border[1] << 8 | (uint32_t)u->border[2] << 16 |
                    (uint32_t)u->border[3] << 24)
         << 17;
    return k;
}

static GLuint get_sampler(pica_rasterizer *r, const pica_tex_unit_state *u, bool integer)
{
    if (integer)
        return r->nearest_sampler;
    const uint64_t key = sampler_key(u, false);
    sampler_slot *victim = &r->samplers[0];
    r->sampler_clock++;
    for (int i = 0; i < SAMPLER_SLOTS; i++) {
        sampler_slot *s = &r->samplers[i];
        if (s->key == key) {
            s->last_use = r->sampler_clock;
            return s->sampler;
        }
        if (s->last_use < victim->last_use)
            victim = s;
    }
    GladGLContext *gl = r->gl;
    if (!victim->sampler)
        gl->CreateSamplers(1, &victim->sampler);
    const GLuint sm = victim->sampler;
    victim->key = key;
    victim->last_use = r->sampler_clock;
    r->stats.sampler_creates++;
    gl->SamplerParameteri(sm, GL_TEXTURE_MAG_FILTER, u->mag_filter ? GL_LINEAR : GL_NEAREST);
    /* PARAM bit 2 filters within a level, bit 24 between levels (3dbrew) */
    static const GLenum min_gl[4] = {GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR_MIPMAP_NEAREST, GL_NEAREST_MIPMAP_LINEAR,
                                     GL_LINEAR_MIPMAP_LINEAR};
    gl->SamplerParameteri(sm, GL_TEXTURE_MIN_FILTER, (GLint)min_gl[(u->min_filter & 1) | (u->mip_filter & 1) << 1]);
    gl->SamplerParameteri(sm, GL_TEXTURE_WRAP_S, (GLint)wrap_gl[u->wrap_s & 7]);
    gl->SamplerParameteri(sm, GL_TEXTURE_WRAP_T, (GLint)wrap_gl[u->wrap_t & 7]);
    /* cube maps sample with (s, t, r); r's wrap never matters inside a face */
    gl->SamplerParameteri(sm, GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE);
    const float border[4] = {u->border[0] / 255.0f, u->border[1] / 255.0f, u->border[2] / 255.0f,
                             u->border[3] / 255.0f};
    gl->SamplerParameterfv(sm, GL_TEXTURE_BORDER_COLOR, border);
    gl->SamplerParameterf(sm, GL_TEXTURE_MIN_LOD, (float)(u->lod_min & 15));
    gl->SamplerParameterf(sm, GL_TEXTURE_MAX_LOD, (float)(u->lod_max & 15));
    return sm;
}

#define DEST_SCRATCH 3 /* r->scratch[]: the destination's copy (dest_copy) */

/* A copy of the render target `tex` for sampling while it is drawn into
 * (a GL feedback loop is undefined): its region x, y, cw x ch (GL pixels,
 * clamped to the target; the rest of the copy is stale). */
static GLuint feedback_copy_region(pica_rasterizer *r, unsigned unit, GLuint tex, const pica_render_targets *rt,
                                   GLint x, GLint y, GLint cw, GLint ch)
{
    GladGLContext *gl = r->gl;
    const uint32_t w = rt->width * rt->scale, h = rt->height * rt->scale;
    if (!r->scratch[unit] || r->scratch_w[unit] != w || r->scratch_h[unit] != h) {
        if (r->scratch[unit]) {
            /* a new texture may get the deleted one's name: the shadow must
             * not believe it is still bound */
            pica_pass_forget_texture(r->st, r->scratch[unit]);
            gl->DeleteTextures(1, &r->scratch[unit]);
        }
        gl->CreateTextures(GL_TEXTURE_2D, 1, &r->scratch[unit]);
        gl->TextureStorage2D(r->scratch[unit], 1, GL_RGBA8, (GLsizei)w, (GLsizei)h);
        r->scratch_w[unit] = w;
        r->scratch_h[unit] = h;
    }
    const GLint x1 = x + cw < (GLint)w ? x + cw : (GLint)w, y1 = y + ch < (GLint)h ? y + ch : (GLint)h;
    x = x > 0 ? x : 0;
    y = y > 0 ? y : 0;
    if (x1 > x && y1 > y)
        gl->CopyImageSubData(tex, GL_TEXTURE_2D, 0, x, y, 0, r->scratch[unit], GL_TEXTURE_2D, 0, x, y, 0, x1 - x,
                             y1 - y, 1);
    return r->scratch[unit];
}

static GLuint feedback_copy(pica_rasterizer *r, unsigned unit, GLuint tex, const pica_render_targets *rt)
{
    r->stats.feedback_copies++;
    return feedback_copy_region(r, unit, tex, rt, 0, 0, (GLint)(rt->width * rt->scale),
                                (GLint)(rt->height * rt->scale));
}

/* Binds the textures and samplers of the units the fragment key samples.
 * False (reported) when one cannot be had. */
static bool bind_textures(pica_rasterizer *r, const pica_state *s)
{
    const pica_fs_key *k = &r->fs.key;
    if (r->shadow_view) { /* the last draw's view; its name may come back next */
        pica_pass_forget_texture(r->st, r->shadow_view);
        r->gl->DeleteTextures(1, &r->shadow_view);
        r->shadow_view = 0;
    }
    for (unsigned i = 0; i < 3; i++) {
        if (!((k->tex_enable >> i) & 1))
            continue;
        const pica_tex_unit_state *u = &s->texturing.unit[i];
        pica_texture t;
        glhle_result res = pica_surface_cache_get_texture(r->surfaces, u, i, s->texturing.cube_address, &t);
        if (res != GLHLE_RESULT_OK) {
            pica_problem(r->p, res, GLHLE_LOG_ERROR,
                         "draw skipped: texture unit %u (address 0x%08X, %ux%u, format %u, type %u) cannot be "
                         "sampled",
                         i, i == 0 && (u->type == PICA_TEXTYPE_CUBE || u->type == PICA_TEXTYPE_SHADOW_CUBE)
                                ? s->texturing.cube_address[0]
                                : u->address,
                         u->width, u->height, u->format, i == 0 ? u->type : 0);
            return false;
        }
        GLenum target = t.target;
        GLuint tex = t.texture;
        const bool shadow = i == 0 && (k->tex0_type == PICA_FS_TEX0_SHADOW_2D || k->tex0_type == PICA_FS_TEX0_SHADOW_CUBE);
        if (r->rt.has_color && tex == r->rt.color_texture && target == GL_TEXTURE_2D)
            tex = feedback_copy(r, i, tex, &r->rt);
        if (shadow) {
            /* The generator reads shadow texels as R32UI words (pica_fs.h):
             * an R32UI view of the RGBA8 texels is the word Azahar's shadow
             * path sees (its r32ui image over the same RGBA8 surface), a
             * cube map viewed as a six-layer array. Views need the
             * immutable storage the cache allocates; one lives per draw. */
            const bool cube = target == GL_TEXTURE_CUBE_MAP;
            r->gl->GenTextures(1, &r->shadow_view);
            r->gl->TextureView(r->shadow_view, cube ? GL_TEXTURE_2D_ARRAY : GL_TEXTURE_2D, tex, GL_R32UI, 0, 1, 0,
                               cube ? 6 : 1);
            tex = r->shadow_view;
            target = cube ? GL_TEXTURE_2D_ARRAY : GL_TEXTURE_2D;
        }
        /* the ubershader samples texture 0's cube and shadow types at units of their own */
        const unsigned unit = i == 0 && r->uber ? pica_fs_uber_tex0_unit(k->tex0_type) : i;
        gl_state_texture(r->st, unit, target, tex);
        gl_state_sampler(r->st, unit, get_sampler(r, u, shadow));
        /* wrap modes 4 and 5: the same texture repeating on those axes
         * (pica_fs_key.h PICA_FS_WRAP_VARIANT_BINDING; the ubershader's
         * units: PICA_FS_UBER_WRAP_VARIANT_BINDING) */
        const unsigned neg = (k->tex_wrap_neg_repeat >> (2 * i)) & 3;
        for (unsigned v = 1; v < 4; v++) {
            if (!neg || (v & ~neg))
                continue;
            pica_tex_unit_state rep = *u;
            if (v & 1)
                rep.wrap_s = 2;
            if (v & 2)
                rep.wrap_t = 2;
            const unsigned at = r->uber ? PICA_FS_UBER_WRAP_VARIANT_BINDING(i, v) : PICA_FS_WRAP_VARIANT_BINDING(i, v);
            gl_state_texture(r->st, at, target, tex);
            gl_state_sampler(r->st, at, get_sampler(r, &rep, false));
        }
    }
    return true;
}

/* ---- one draw ------------------------------------------------------------------------------------------ */

static bool same_targets(const pica_render_targets *a, const pica_render_targets *b)
{
    return a->fbo == b->fbo && a->width == b->width && a->height == b->height && a->scale == b->scale &&
           a->origin_x == b->origin_x && a->origin_y == b->origin_y && a->has_color == b->has_color &&
           a->has_depth == b->has_depth && a->has_stencil == b->has_stencil && a->color_format == b->color_format;
}

static const char *fragop_mode_name(uint8_t mode)
{
    return mode == PICA_FRAGOP_GAS ? "gas" : mode == PICA_FRAGOP_SHADOW ? "shadow-map" : "reserved";
}

/* Shadow-map rendering and the gas density pass write the colour target
 * through an R32UI image of it (pica_fs_key.h); the target must be RGBA8,
 * the only format whose texels hold the 32-bit words (3dbrew
 * COLORBUFFER_FORMAT 0 "RGBA8/Gas"). The surface cache keeps the view. The
 * density pass also reads the depth buffer at PICA_FS_GAS_DEPTH_BINDING;
 * with the depth buffer absent or its read off (DEPTHBUFFER_READ bit 1) it
 * is left unbound, and the shader's fetch of the incomplete texture reads
 * 0, as a disabled read does. */
static bool bind_shadow_image(pica_rasterizer *r, const pica_state *s)
{
    r->gas_pass = s->fragop.mode == PICA_FRAGOP_GAS;
    r->shadow_pass = s->fragop.mode == PICA_FRAGOP_SHADOW || r->gas_pass;
    if (!r->shadow_pass)
        return true;
    const GLuint view = pica_surface_cache_color_words(r->surfaces);
    if (!view) {
        pica_problem(r->p, GLHLE_RESULT_UNSUPPORTED, GLHLE_LOG_ERROR,
                     "draw skipped: %s needs an RGBA8 colour buffer (COLORBUFFER_FORMAT %u%s)",
                     r->gas_pass ? "gas rendering" : "shadow-map rendering", s->framebuffer.color_format,
                     r->rt.has_color ? "" : ", colour buffer disabled");
        return false;
    }
    r->gl->BindImageTexture(0, view, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
    r->shadow_image = view;
    if (r->gas_pass) {
        const bool depth = r->rt.has_depth && s->framebuffer.depth_read;
        gl_state_texture(r->st, PICA_FS_GAS_DEPTH_BINDING, GL_TEXTURE_2D, depth ? r->rt.depth_texture : 0);
        gl_state_sampler(r->st, PICA_FS_GAS_DEPTH_BINDING, r->nearest_sampler);
        r->stats.gas_draws++;
    } else {
        r->stats.shadow_draws++;
    }
    return true;
}

/* Clip space to window with y up (GL's default) or down, which mirrors
 * the viewport's picture top to bottom (prepare() checks that one of the
 * two entry points exists before a flipped draw). */
static void set_clip_origin(const GladGLContext *gl, bool upper_left)
{
    if (gl->ClipControl)
        gl->ClipControl(upper_left ? GL_UPPER_LEFT : GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE);
    else if (gl->ClipControlEXT)
        gl->ClipControlEXT(upper_left ? GL_UPPER_LEFT_EXT : GL_LOWER_LEFT_EXT, GL_NEGATIVE_ONE_TO_ONE_EXT);
}

typedef enum prep {
    PREP_OK,
    PREP_EMPTY,   /* nothing to draw into: both buffers disabled */
    PREP_SKIPPED, /* bad state, reported */
} prep;

/* Everything a draw needs before its first triangles go to GL. */
static prep prepare(pica_rasterizer *r)
{
    pica_frontend *p = r->p;
    pica_state *s = pica_frontend_state_mut(p);
    if (gl_context_enter(r->ctx) != GLHLE_RESULT_OK) {
        pica_problem(p, GLHLE_RESULT_GL_ERROR, GLHLE_LOG_ERROR, "draw skipped: the GL context cannot be made current");
        return PREP_SKIPPED;
    }
    if (s->fragop.mode != PICA_FRAGOP_DEFAULT && s->fragop.mode != PICA_FRAGOP_SHADOW &&
        s->fragop.mode != PICA_FRAGOP_GAS) {
        pica_problem(p, GLHLE_RESULT_UNSUPPORTED, GLHLE_LOG_WARN,
                     "draw skipped: COLOR_OPERATION mode %u (%s rendering) is not rendered by the GL draw path",
                     s->fragop.mode, fragop_mode_name(s->fragop.mode));
        return PREP_SKIPPED;
    }

    if (!s->framebuffer.dim_bit24 && !r->gl->ClipControl && !r->gl->ClipControlEXT) {
        pica_problem(p, GLHLE_RESULT_UNSUPPORTED, GLHLE_LOG_WARN,
                     "draw skipped: FRAMEBUFFER_DIM bit 24 is clear (a vertically flipped framebuffer), which needs "
                     "glClipControl (GL 4.5 or EXT_clip_control)");
        return PREP_SKIPPED;
    }

    /* render targets */
    glhle_result res = pica_surface_cache_bind_framebuffer(r->surfaces, &s->framebuffer, &r->rt);
    if (res != GLHLE_RESULT_OK) {
        const pica_framebuffer_state *fb = &s->framebuffer;
        pica_problem(p, res, GLHLE_LOG_ERROR,
                     "draw skipped: render target not usable (COLORBUFFER_LOC 0x%08X format %u, DEPTHBUFFER_LOC "
                     "0x%08X format %u, FRAMEBUFFER_DIM %ux%u)",
                     fb->color_address, fb->color_format, fb->depth_address, fb->depth_format, fb->width,
                     fb->height);
        return PREP_SKIPPED;
    }
    if (!r->rt.fbo)
        return PREP_EMPTY;

    /* program */
    bool fs_changed;
    const uint64_t fs_dirty = pica_fs_update(&r->fs, s, &fs_changed);
    bool vs_changed = false;
    if (!r->have_program || (s->dirty & VS_KEY_GROUPS) || s->geometry.gs_enabled != r->vs_key_gs ||
        s->raster.clip_enable != r->vs_key.clip) {
        pica_vs_key k;
        pica_vs_key_from_outmap(&s->outmap, s->geometry.gs_enabled ? s->gs.output_mask : s->vs.output_mask, &k);
        k.clip = s->raster.clip_enable;
        vs_changed = memcmp(&k, &r->vs_key, sizeof k) != 0;
        r->vs_key = k;
        r->vs_key_gs = s->geometry.gs_enabled;
    }
    if (r->gpu) {
        res = r->gs ? update_gs_program(r, fs_changed) : update_gpu_program(r, fs_changed);
        /* the CPU path's program and ubershader state are looked up again
         * at its next draw */
        r->have_program = false;
        r->uber = false;
    } else {
        res = update_program(r, fs_changed, vs_changed);
    }
    /* the data is current now, whatever happens to this draw */
    pica_fs_buffers_update(r->ctx, &r->buffers, &r->fs.uniforms, &r->fs.luts, fs_dirty);
    if (!r->fixed_valid || (s->dirty & FIXED_GROUPS) || !same_targets(&r->rt, &r->fixed_rt)) {
        pica_gl_fixed_from_state(s, &r->rt, &r->fixed);
        r->fixed_rt = r->rt;
        r->fixed_valid = true;
    }
    s->dirty &= ~(uint32_t)CONSUMED_GROUPS;
    s->lighting_lut_dirty = 0;
    s->proctex_lut_dirty = 0;
    if (res != GLHLE_RESULT_OK && r->gpu) {
        /* on_event draws it again on the CPU path (a build failure, or a
         * geometry program still compiling on a worker) */
        r->gpu_failed = true;
        return PREP_EMPTY;
    }
    if (res != GLHLE_RESULT_OK) {
        pica_problem(p, res, GLHLE_LOG_ERROR,
                     "draw skipped: its shader program failed to build (fragment key hash %016llx, vertex outputs "
                     "0x%02X; the build log is above)",
                     (unsigned long long)r->fs.key_hash, r->vs_key.outputs);
        return PREP_SKIPPED;
    }
    if (!bind_textures(r, s))
        return PREP_SKIPPED;
    if (!bind_shadow_image(r, s))
        return PREP_SKIPPED;
    if (r->gas_pass && !s->framebuffer.color_write)
        return PREP_EMPTY; /* the density pass writes only the colour buffer */

    /* the clip plane */
    if (!r->vs_uniforms_valid || memcmp(r->vs_uniforms.clip_plane, r->fixed.clip, sizeof r->fixed.clip)) {
        memcpy(r->vs_uniforms.clip_plane, r->fixed.clip, sizeof r->fixed.clip);
        r->gl->NamedBufferSubData(r->vs_ubo, 0, sizeof r->vs_uniforms, &r->vs_uniforms);
        r->vs_uniforms_valid = true;
    }

    /* state: after the cache calls, which may have used the GL themselves */
    gl_state_framebuffer(r->st, r->rt.fbo);
    gl_state_program(r->st, r->gs ? r->gs_program : r->gpu ? r->gpu_program : r->program);
    if (r->gpu) {
        const pica_shader_setup *vs = &s->vs_setup;
        pica_vsp_uniforms u;
        memcpy(u.c, vs->float_uniforms, sizeof u.c);
        for (unsigned i = 0; i < 4; i++)
            for (unsigned c = 0; c < 4; c++)
                u.i[i][c] = vs->int_uniforms[i][c];
        memset(u.b, 0, sizeof u.b);
        u.b[0] = vs->bool_uniforms;
        if (!r->vsp_uniforms_valid || memcmp(&u, &r->vsp_uniforms, sizeof u) != 0) {
            r->vsp_uniforms = u;
            r->vsp_uniforms_valid = true;
            r->gl->NamedBufferSubData(r->vsp_ubo, 0, sizeof u, &u);
        }
        gl_state_uniform_buffer(r->st, PICA_VSP_UBO_BINDING, r->vsp_ubo, 0, sizeof(pica_vsp_uniforms));
        if (r->gs) {
            upload_gs_uniforms(r, s, false);
            gl_state_uniform_buffer(r->st, PICA_GSP_UBO_BINDING, r->gsp_ubo, 0, sizeof(pica_vsp_uniforms));
        }
        /* context state (the context is current once gl_state ran): bound
         * before every GPU draw */
        if (r->vsp_status)
            r->gl->BindBufferBase(GL_SHADER_STORAGE_BUFFER, PICA_VSP_STATUS_SSBO_BINDING, r->vsp_status);
    } else {
        gl_state_vertex_array(r->st, r->vao);
    }
    gl_state_uniform_buffer(r->st, PICA_FS_UBO_BINDING, r->buffers.ubo, 0, sizeof(pica_fs_uniforms));
    gl_state_uniform_buffer(r->st, PICA_VS_UBO_BINDING, r->vs_ubo, 0, sizeof(pica_vs_uniforms));
    if (r->uber)
        gl_state_uniform_buffer(r->st, PICA_FS_UBER_UBO_BINDING, r->uber_ubo, 0, sizeof(pica_fs_uber_config));
    gl_state_texture(r->st, PICA_FS_LUT_BINDING, GL_TEXTURE_BUFFER, r->buffers.lut_texture);
    apply_fixed(r, &r->fixed);
    /* blending in the shader without framebuffer fetch: the attachment is
     * read with texelFetch; each GL draw is preceded by a texture barrier so
     * it sees what the previous ones wrote (overlap inside one GL draw reads
     * the value from before that draw, as on other emulators' fallback) */
    r->dest_barrier = (r->fs.key.blend_rgb_eq || r->fs.key.blend_alpha_eq ||
                       (r->host.gles && r->fs.key.logic_op != PICA_FS_LOGIC_NONE)) &&
                      !r->host.framebuffer_fetch && r->rt.has_color;
    r->dest_copy = r->dest_barrier && gl_caps_dest_copy(r->ctx);
    if (r->dest_barrier) { /* dest_copy: draw_passes binds the copy instead */
        gl_state_texture(r->st, PICA_FS_DEST_BINDING, GL_TEXTURE_2D, r->rt.color_texture);
        gl_state_sampler(r->st, PICA_FS_DEST_BINDING, r->nearest_sampler);
    }
    r->fix_quats = !r->gpu && (r->vs_key.outputs & PICA_VS_OUT_NORMQUAT) && r->fs.key.lighting.enable;
    return PREP_OK;
}

static float dot4(const float *a, const float *b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}

/* The uploaded chunk's GL draws, once per scissor rectangle. */
static void draw_passes(pica_rasterizer *r, GLenum mode, uint32_t ni, size_t off, GLint basevertex)
{
    const pica_gl_fixed *f = &r->fixed;
    const unsigned passes = f->scissor_rects ? f->scissor_rects : 1;
    if (f->flip_y) /* only around this draw: every other pass of the library draws lower-left */
        set_clip_origin(r->gl, true);
    for (unsigned i = 0; i < passes; i++) {
        gl_state_scissor(r->st, f->scissor_rects != 0, f->scissor[i][0], f->scissor[i][1], f->scissor[i][2],
                         f->scissor[i][3]);
        if (f->stencil_zfail_pass) {
            /* the depth-fail byte first, where the depth test fails
             * against the depth before the draw (pica_gl_fixed) */
            gl_stencil pre = f->stencil;
            pre.dpfail = GL_REPLACE;
            pre.dppass = GL_KEEP;
            pre.ref = f->stencil_zfail_ref;
            gl_state_stencil(r->st, &pre);
            gl_state_color_mask(r->st, false, false, false, false);
            gl_state_depth(r->st, f->depth_test, f->depth_func, false);
            r->gl->DrawElementsBaseVertex(mode, (GLsizei)ni, GL_UNSIGNED_INT, (const void *)(uintptr_t)off,
                                          basevertex);
            r->stats.gl_draws++;
            gl_state_stencil(r->st, &f->stencil);
            gl_state_color_mask(r->st, f->color_mask[0], f->color_mask[1], f->color_mask[2], f->color_mask[3]);
            gl_state_depth(r->st, f->depth_test, f->depth_func, f->depth_write);
        }
        if (r->dest_copy) {
            /* no barrier on this host: the shader reads a copy of the
             * pass's region made now, which is what a barrier would show
             * (the rest of the copy is never read: the scissor keeps the
             * fragments inside) */
            const GLint full_w = (GLint)(r->rt.width * r->rt.scale), full_h = (GLint)(r->rt.height * r->rt.scale);
            const GLuint copy =
                f->scissor_rects ? feedback_copy_region(r, DEST_SCRATCH, r->rt.color_texture, &r->rt, f->scissor[i][0],
                                                        f->scissor[i][1], f->scissor[i][2], f->scissor[i][3])
                                 : feedback_copy_region(r, DEST_SCRATCH, r->rt.color_texture, &r->rt, 0, 0, full_w,
                                                        full_h);
            gl_state_texture(r->st, PICA_FS_DEST_BINDING, GL_TEXTURE_2D, copy);
            r->stats.dest_copies++;
        } else if (r->dest_barrier) {
            r->gl->TextureBarrier();
            r->stats.texture_barriers++;
        }
        r->gl->DrawElementsBaseVertex(mode, (GLsizei)ni, GL_UNSIGNED_INT, (const void *)(uintptr_t)off,
                                      basevertex);
        if (r->shadow_pass) /* the image writes, visible to the next draw, texture reads and read-backs */
            r->gl->MemoryBarrier(GL_ALL_BARRIER_BITS);
        r->stats.gl_draws++;
    }
    if (f->flip_y)
        set_clip_origin(r->gl, false);
    if (mode == GL_TRIANGLES) /* the geometry shader's triangles are not counted here */
        r->stats.triangles += ni / 3;
    r->drew = true;
}

/* Uploads one chunk (indices first, then the vertices at a multiple of the
 * vertex size so that base-vertex addressing reaches them) and draws it
 * once per scissor rectangle. */
static void draw_chunk(pica_rasterizer *r, const pica_draw_output *out)
{
    const uint32_t nv = out->vertex_count, ni = out->index_count;
    /* with the quaternion fix-up, up to two copies per triangle */
    const uint32_t max_v = nv + (r->fix_quats ? 2 * (ni / 3) : 0);
    const size_t index_bytes = (size_t)ni * 4;
    const size_t want = index_bytes + VERTEX_BYTES + (size_t)max_v * VERTEX_BYTES;
    size_t off;
    uint8_t *base = gl_stream_map(&r->stream, want, 4, &off);
    if (!base) { /* cannot happen with the pipeline's chunk sizes (asserted above) */
        pica_problem(r->p, GLHLE_RESULT_LIMIT_EXCEEDED, GLHLE_LOG_ERROR,
                     "draw chunk of %u vertices does not fit the stream buffer; skipped", nv);
        return;
    }
    const size_t voff = (off + index_bytes + VERTEX_BYTES - 1) / VERTEX_BYTES * VERTEX_BYTES;
    uint32_t *idx = (uint32_t *)base;
    pica_out_vertex *v = (pica_out_vertex *)(base + (voff - off));
    memcpy(v, out->vertices, (size_t)nv * VERTEX_BYTES);
    uint32_t vcount = nv;
    if (!r->fix_quats) {
        memcpy(idx, out->indices, index_bytes);
    } else {
        for (uint32_t t = 0; t < ni; t += 3) {
            const uint32_t i0 = out->indices[t];
            idx[t] = i0;
            for (uint32_t k = 1; k < 3; k++) {
                uint32_t i = out->indices[t + k];
                if (dot4(out->vertices[i0].quat, out->vertices[i].quat) < 0.0f) {
                    v[vcount] = out->vertices[i];
                    for (int c = 0; c < 4; c++)
                        v[vcount].quat[c] = -v[vcount].quat[c];
                    i = vcount++;
                }
                idx[t + k] = i;
            }
        }
    }
    gl_stream_commit(&r->stream, voff - off + (size_t)vcount * VERTEX_BYTES);
    draw_passes(r, GL_TRIANGLES, ni, off, (GLint)(voff / VERTEX_BYTES));
}

/* The most shader steps one GL draw of the GPU vertex path may ask for,
 * counting every index at its program's step bound (pica_vsp_step_bound):
 * 2^30. A draw GL cannot finish in a few seconds trips the driver's
 * watchdog (Windows' TDR after 2 s, amdgpu's lockup timeout after 10 s) and
 * loses the context; 2^30 dispatcher steps are about 0.1 s at 10^10 steps
 * a second (a few hundred lanes at 1 GHz, ten-odd cycles a step: a small
 * integrated GPU), twenty times under the shortest of those. (llvmpipe cuts
 * every loop at 65,535 iterations anyway.) Programs whose flow only goes forward have a
 * bound of at most 4096 and are never split (a chunk has at most 98,304
 * indices, 2^17 x 2^12 < 2^30); a program that may loop is bounded by the
 * step limit (2^20 + 4096 at the default), so its draws go out in GL draws
 * of 1,020 indices. */
#define GL_DRAW_MAX_STEPS (1ull << 30)

/* Reads back (a wait) the steps the translated program's invocations ran
 * since the last read (the status buffer's second word, into *got) and
 * charges them to the run; false once its budget is used up. */
static bool charge_counted_steps(pica_rasterizer *r, uint64_t *got)
{
    uint32_t steps = 0;
    r->gl->MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    r->gl->GetNamedBufferSubData(r->vsp_status, 4, 4, &steps);
    if (steps) {
        static const uint32_t zero = 0;
        r->gl->NamedBufferSubData(r->vsp_status, 4, 4, &zero);
    }
    *got = steps;
    return pica_charge_steps(r->p, steps, "draw");
}

/* VS vertices one GS invocation takes, by the GL primitive it is drawn as. */
static uint32_t gs_prim_vertices(GLenum mode)
{
    switch (mode) {
    case GL_LINES:
        return 2;
    case GL_TRIANGLES:
        return 3;
    case GL_LINES_ADJACENCY:
        return 4;
    case GL_TRIANGLES_ADJACENCY:
        return 6;
    default:
        return 1;
    }
}

/* A GPU-path draw of ni indices (triangles, or on the geometry path one GL
 * primitive of `mode` per invocation), in GL draws of at most
 * GL_DRAW_MAX_STEPS, each charged to the run's shader-step budget. An index
 * counts at the vertex program's step bound; on the geometry path an
 * invocation counts its vertices' and the geometry program's bound, and a
 * piece holds whole invocations (a later piece starts with b15 set, as a
 * later chunk does: its gl_PrimitiveIDIn starts at 0 again). A program
 * that may loop, whose translation counts its steps (the status buffer;
 * on the geometry path each half that may loop counts its own), is charged
 * what it ran,
 * read back after each GL draw but the last (the draw's status read,
 * on_event, takes that one), the piece that would pass the budget at the
 * rate the last one ran cut to what the budget left pays for and one unit
 * more; otherwise every index (invocation) is charged
 * its bound before it is drawn (what the CPU path would charge at most:
 * GL's post-transform cache is not counted). Where no count comes back (a
 * host without vertex-stage storage buffers) a program that may loop is
 * charged one pass through its reachable code per index: the budget
 * bounds its vertices, not its loops, and the split still bounds each GL
 * draw. */
static void draw_gpu_passes(pica_rasterizer *r, GLenum mode, uint32_t ni, size_t off, GLint basevertex)
{
    const uint64_t vs_bound = r->gpu_step_bound ? r->gpu_step_bound : 1;
    const uint64_t vs_charge = vs_bound <= r->gpu_step_pass ? vs_bound : r->gpu_step_pass;
    /* indices an invocation takes (1 off the geometry path: a vertex) */
    const uint32_t group = r->gs ? gs_prim_vertices(mode) : 1;
    /* the halves whose translation sums its steps (a program that may
     * loop, on a host with the status buffer) are charged by the read-back,
     * the others (charge, a unit) before each piece */
    const bool vs_counted = r->gpu_may_report && r->vsp_status &&
                            (!r->gs || (r->gs_host & PICA_PROGRAM_HOST_VS_STATUS));
    uint64_t bound = vs_bound, charge = vs_counted ? 0 : vs_charge;
    bool counted = vs_counted;
    if (r->gs) {
        const uint64_t gs_bound = r->gs_step_bound ? r->gs_step_bound : 1;
        const bool gs_counted = r->gs_may_report && r->vsp_status && (r->gs_host & PICA_PROGRAM_HOST_VS_STATUS);
        bound = group * vs_bound + gs_bound;
        charge = group * charge + (gs_counted ? 0 : gs_bound <= r->gs_step_pass ? gs_bound : r->gs_step_pass);
        counted = vs_counted || gs_counted;
    }
    /* a piece: whole triangles, or whole invocations */
    const uint64_t unit = r->gs ? group : 3;
    uint64_t per = GL_DRAW_MAX_STEPS / bound * group;
    per = per < unit ? unit : per - per % unit;
    uint64_t rate = 0; /* counted: the steps a unit ran in the last piece */
    bool sized = false;
    for (uint32_t at = 0; at < ni;) {
        uint32_t n = ni - at < per ? ni - at : (uint32_t)per;
        if (counted && rate && !sized) {
            /* the piece that would pass the budget at the last piece's
             * rate holds what the budget left pays for and one unit more,
             * near where the CPU path stops (once a draw: a rate that is
             * too high cannot make a run of tiny pieces) */
            const uint64_t used = r->p->run.res.shader_steps, max = r->p->max_steps;
            const uint64_t units = (max > used ? max - used : 0) / rate + 1;
            if (units < n / unit) {
                n = (uint32_t)(units * unit);
                sized = true;
            }
        }
        if (charge && !pica_charge_steps(r->p, (uint64_t)(n / group) * charge, "draw"))
            return;
        if (r->gs && at > 0)
            upload_gs_uniforms(r, pica_frontend_state(r->p), true);
        draw_passes(r, mode, n, off + (size_t)at * 4, basevertex);
        at += n;
        if (at < ni) {
            r->stats.gl_draw_splits++;
            uint64_t got = 0;
            if (counted && !charge_counted_steps(r, &got))
                return;
            rate = got / (n / unit) ? got / (n / unit) : 1;
        }
    }
}

/* GL primitives by VS vertices per GS invocation (pica_gsp_input.vertices). */
static const GLenum gs_prim_gl[7] = {0, GL_POINTS, GL_LINES, GL_TRIANGLES, GL_LINES_ADJACENCY, 0,
                                     GL_TRIANGLES_ADJACENCY};

/* The GL primitive of a GPU-path chunk: triangles, or on the geometry path
 * the vertices in index order, one GL primitive per invocation, a later
 * chunk of the draw starting with b15 set (its gl_PrimitiveIDIn starts at 0
 * again). */
static GLenum gpu_chunk_mode(pica_rasterizer *r, const pica_draw_output *out)
{
    if (!r->gs)
        return GL_TRIANGLES;
    if (r->gs_chunks++ > 0)
        upload_gs_uniforms(r, pica_frontend_state(r->p), true);
    if (r->gs_source.counts) { /* a run of one count: its program (update_gs_program has them all) */
        const uint32_t n = out->gs_group < 7 ? out->gs_group : 0;
        gl_state_program(r->st, r->gs_run_program[n]);
        return gs_prim_gl[n];
    }
    return r->gs_prim;
}

/* A chunk of the GPU vertex path: the shader inputs as they are, indices
 * first, the vertices at a multiple of their size, drawn once per scissor
 * rectangle. */
static void draw_gpu_chunk(pica_rasterizer *r, const pica_draw_output *out)
{
    const uint32_t nv = out->vertex_count, ni = out->index_count, n = out->input_count;
    const uint32_t vbytes = n * 16u;
    const size_t index_bytes = (size_t)ni * 4;
    size_t off;
    uint8_t *base = gl_stream_map(&r->stream, index_bytes + vbytes + (size_t)nv * vbytes, 4, &off);
    if (!base || n < 1 || n > 16) {
        pica_problem(r->p, GLHLE_RESULT_LIMIT_EXCEEDED, GLHLE_LOG_ERROR,
                     "draw chunk of %u vertices does not fit the stream buffer; skipped", nv);
        return;
    }
    const size_t voff = (off + index_bytes + vbytes - 1) / vbytes * vbytes;
    memcpy(base, out->indices, index_bytes);
    memcpy(base + (voff - off), out->inputs, (size_t)nv * vbytes);
    gl_stream_commit(&r->stream, voff - off + (size_t)nv * vbytes);
    gl_state_vertex_array(r->st, r->gpu_vao[n - 1]);
    r->gpu_vertices += nv;
    draw_gpu_passes(r, gpu_chunk_mode(r, out), ni, off, (GLint)(voff / vbytes));
}

/* GL's attribute types for PICA_ATTRIB_*: integers converted to their
 * value as a float (not normalised), as pica_vertex_load does; GL fills
 * the components an attribute lacks with (x, 0, 0, 1) (GL 4.6 10.2), the
 * PICA's missing-component rule. */
static const GLenum attrib_type_gl[4] = {GL_BYTE, GL_UNSIGNED_BYTE, GL_SHORT, GL_FLOAT};

/* A fetch-mode draw: the indices and the guest bytes of the draw's vertex
 * range into one mapping of the ring, one vertex buffer binding per PICA
 * attribute buffer with its stride (0 included: every vertex reads the
 * same bytes), fixed attributes and the rest as constant generic
 * attributes. On the geometry path the indices are the draw's vertices in
 * draw order, drawn as its GL primitive; the program's vertex stage reads
 * the same attribute locations either way. */
static void draw_fetch_chunk(pica_rasterizer *r, const pica_draw_output *out)
{
    const pica_vertex_fetch *f = out->fetch;
    const pica_vertex_loader *l = out->loader;
    const uint32_t ni = out->index_count, n = out->input_count;
    const size_t index_bytes = (size_t)ni * 4;
    const size_t want = ((index_bytes + 15) & ~(size_t)15) + f->bytes + 16u * f->span_count;
    size_t off;
    uint8_t *base = gl_stream_map(&r->stream, want, 16, &off);
    if (!base || n < 1 || n > 16) { /* cannot happen: FETCH_MAX_BYTES and the chunk size (asserted above) */
        pica_problem(r->p, GLHLE_RESULT_LIMIT_EXCEEDED, GLHLE_LOG_ERROR,
                     "draw of %u vertices does not fit the stream buffer; skipped", out->vertex_count);
        return;
    }
    GladGLContext *gl = r->gl;
    const GLuint vao = r->fetch_vao;
    memcpy(base, out->indices, index_bytes);
    size_t pos = (index_bytes + 15) & ~(size_t)15;
    for (unsigned s = 0; s < f->span_count; s++) {
        memcpy(base + pos, f->span[s].host, f->span[s].bytes);
        gl->VertexArrayVertexBuffer(vao, s, r->stream.buffer, (GLintptr)(off + pos), (GLsizei)f->span[s].stride);
        pos = (pos + f->span[s].bytes + 15) & ~(size_t)15;
    }
    gl_stream_commit(&r->stream, pos);
    gl_state_vertex_array(r->st, vao);
    uint16_t enabled = 0;
    for (GLuint a = 0; a < n; a++) {
        const bool loaded = a < l->attrib_count && a < 12 && ((l->loaded_mask >> a) & 1);
        if (loaded) {
            enabled |= (uint16_t)(1u << a);
            gl->VertexArrayAttribFormat(vao, a, l->components[a], attrib_type_gl[l->type[a] & 3], GL_FALSE,
                                        f->attrib_rel[a]);
            gl->VertexArrayAttribBinding(vao, a, f->attrib_span[a]);
            continue;
        }
        /* a current attribute value is context state: set before every draw
         * that reads it */
        static const float zero[4] = {0, 0, 0, 0};
        const float *v = a >= l->attrib_count ? zero : ((l->fixed_mask >> a) & 1) ? l->fixed[a] : out->held[a];
        gl->VertexAttrib4fv(a, v);
    }
    for (GLuint a = 0; a < 16; a++) {
        const uint16_t bit = (uint16_t)(1u << a);
        if ((enabled & bit) && !(r->fetch_enabled & bit))
            gl->EnableVertexArrayAttrib(vao, a);
        else if (!(enabled & bit) && (r->fetch_enabled & bit))
            gl->DisableVertexArrayAttrib(vao, a);
    }
    r->fetch_enabled = enabled;
    r->gpu_vertices += out->vertex_count;
    r->stats.fetch_draws++;
    r->stats.gs_fetch_draws += r->gs;
    r->stats.fetch_bytes += f->bytes;
    draw_gpu_passes(r, gpu_chunk_mode(r, out), ni, off, 0);
}

static void on_output(void *user, const pica_draw_output *out)
{
    pica_rasterizer *r = user;
    if (!out->index_count || r->p->run.out_of_steps) /* the budget ran out in an earlier chunk */
        return;
    if (!r->prepared) {
        r->prepared = true;
        const prep res = prepare(r);
        r->skip = res != PREP_OK;
        r->stats.skipped += res == PREP_SKIPPED;
        r->stats.empty += res == PREP_EMPTY;
    }
    if (r->skip)
        return;
    if (r->gs != (out->gs_group != 0)) { /* cannot happen: the pipeline was asked for the form */
        pica_problem(r->p, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_ERROR,
                     "draw chunk in the wrong form for the geometry path; skipped");
        return;
    }
    if (out->fetch) {
        draw_fetch_chunk(r, out);
    } else if (out->inputs) {
        draw_gpu_chunk(r, out);
    } else {
        r->cpu_vertices += out->vertex_count;
        draw_chunk(r, out);
    }
}

/* Whether this draw's geometry shader can run on the GPU: the key's
 * geometry half made when what it depends on changed (one log line per
 * program that cannot, counted in gs_refusals). Every refusal takes the
 * CPU path, in every vertex_shaders mode. */
static bool choose_gs(pica_rasterizer *r, const pica_state *s, const glhle_pica_event *ev)
{
    const pica_geometry_state *g = &s->geometry;
    if (!r->gs_key || ev->type != GLHLE_PICA_EVENT_DRAW || g->primitive_mode != PICA_PRIM_GEOMETRY)
        return false; /* immediate-mode vertices, and GS output assembled as a list, strip or fan */
    uint32_t outputs = 0;
    for (unsigned reg = 0; reg < 16; reg++)
        outputs += (s->vs.output_mask >> reg) & 1u;
    gpu_gs_source src;
    memset(&src, 0, sizeof src);
    src.generation = s->gs_setup.program_generation;
    src.entry = s->gs_setup.entry_point;
    src.output_mask = s->gs.output_mask;
    src.vs_output_mask = s->vs.output_mask;
    src.mode = g->gs_mode;
    /* primitive.c gs_input: VSH_OUTMAP_TOTAL1 + 1 registers a vertex, at most the mask's */
    src.per_vertex = (uint8_t)(g->vs_outmap_total1 < outputs ? g->vs_outmap_total1 : outputs);
    src.input_count = s->gs.input_count;
    if (src.mode == 0) {
        src.vertices = src.per_vertex ? (uint8_t)((src.input_count + src.per_vertex - 1u) / src.per_vertex) : 0;
    } else if (src.mode == 1) {
        /* one program per vertex count (the GL primitive's): this draw's,
         * or with counts that differ one for each, the key's the largest's
         * (the most c registers, checked by the key) */
        char why[160];
        uint32_t counts;
        const uint32_t n = pica_gs_variable_count(r->p, ev->u.draw.indexed, &counts, why, sizeof why);
        if (n == PICA_GS_STREAM_VARIABLE) {
            src.counts = (uint8_t)counts;
            for (uint32_t c = 1; c < 7; c++)
                if ((counts >> c) & 1u)
                    src.vertices = (uint8_t)c;
        } else {
            src.vertices = (uint8_t)n;
        }
        if (!src.vertices) {
            if (r->gs_stream_logged != src.generation) {
                r->gs_stream_logged = src.generation;
                r->stats.gs_refusals++;
                GLHLE_INFO(r->log, "pica draw: geometry shader (program generation %u) runs on the CPU: %s",
                           src.generation, why);
            }
            return false;
        }
        /* primitive.c gs_count: GSH_MISC1 + 1 main vertices; more than the count means all */
        const uint32_t mains = (g->gsh_misc1 & 0xFFu) + 1u;
        src.main_vertices = (uint8_t)(mains < src.vertices ? mains : src.vertices);
    } else {
        src.vertices = g->gs_fixed_vertex_count;
    }
    src.start_index = g->gs_start_index;
    memcpy(src.input_register, s->gs.input_register, sizeof src.input_register);
    src.outmap = s->outmap;
    if (!r->gs_source_valid || memcmp(&src, &r->gs_source, sizeof src) != 0) {
        pica_output_map map;
        pica_output_map_build(&map, &s->outmap, s->gs.output_mask);
        const size_t half = offsetof(pica_gs_program_key, mode);
        memset((uint8_t *)r->gs_key + half, 0, sizeof *r->gs_key - half);
        const pica_gsp_input in = {.mode = src.mode,
                                   .vertices = src.vertices,
                                   .per_vertex = src.per_vertex,
                                   .start_index = src.start_index,
                                   .main_vertices = src.main_vertices};
        char why[160] = "";
        if (!src.per_vertex) {
            snprintf(why, sizeof why, "the vertex shader writes no output register for it");
            r->gs_ok = false;
        } else {
            r->gs_ok = pica_gs_program_key_gs(r->gs_key, s->gs_setup.code, s->gs_setup.opdesc, src.entry, &in,
                                              src.input_register, src.input_count, src.vs_output_mask, map.src, why,
                                              sizeof why);
        }
        r->gs_may_report = pica_vsp_may_report(s->gs_setup.code, src.entry, 0, true);
        r->gs_step_bound = pica_vsp_step_bound(s->gs_setup.code, src.entry, 0, &r->gs_step_pass);
        if (r->gs_ok)
            pica_gsp_bound_find(s->gs_setup.code, src.entry, &r->gs_bound, why, sizeof why); /* true: translatable */
        if (!r->gs_ok && (!r->gs_source_valid || r->gs_source.generation != src.generation)) {
            r->stats.gs_refusals++;
            GLHLE_INFO(r->log, "pica draw: geometry shader (program generation %u) runs on the CPU: %s",
                       src.generation, why);
        }
        r->gs_source = src;
        r->gs_source_valid = true;
        r->gs_failed = false;
        r->gs_changed = true;
    }
    if (!r->gs_ok || r->gs_failed)
        return false;
    if (r->gs_bound.loops && pica_gsp_bound_prims(&r->gs_bound, s->gs_setup.int_uniforms) > PICA_GSP_MAX_PRIMS) {
        /* the integer uniforms let an invocation emit more triangles than
         * the translation declares: this draw on the CPU */
        if (r->gs_loop_logged != src.generation) {
            r->gs_loop_logged = src.generation;
            r->stats.gs_refusals++;
            GLHLE_INFO(r->log,
                       "pica draw: geometry shader (program generation %u) runs on the CPU: its LOOPs with i0-i3 "
                       "(%u, %u, %u, %u) may emit more than the %u triangles the GPU path allows",
                       src.generation, s->gs_setup.int_uniforms[0][0], s->gs_setup.int_uniforms[1][0],
                       s->gs_setup.int_uniforms[2][0], s->gs_setup.int_uniforms[3][0], PICA_GSP_MAX_PRIMS);
        }
        return false;
    }
    /* the quaternion fix-up of lit draws needs the three shaded vertices */
    bool quat = false;
    for (unsigned k = 4; k < 8; k++)
        quat |= r->gs_key->outmap[k] < 64;
    if (quat && s->lighting.enable0)
        return false;
    r->gs_prim = gs_prim_gl[src.vertices];
    return true;
}

/* Whether this draw's vertices can be shaded on the GPU: the key's vertex
 * half made when what it depends on changed (one log line per program that
 * cannot take the GPU path). */
static bool choose_gpu(pica_rasterizer *r, const pica_state *s, const glhle_pica_event *ev)
{
    r->gs = false;
    r->gpu_refused = false;
    if (!r->vs_gpu_enabled)
        return false;
    gpu_vs_source src;
    memset(&src, 0, sizeof src);
    src.generation = s->vs_setup.program_generation;
    src.entry = s->vs_setup.entry_point;
    src.output_mask = s->vs.output_mask;
    src.input_count = s->vs.input_count;
    src.clip = s->raster.clip_enable ? 1 : 0;
    memcpy(src.input_register, s->vs.input_register, sizeof src.input_register);
    src.outmap = s->outmap;
    if (!r->gpu_source_valid || memcmp(&src, &r->gpu_source, sizeof src) != 0) {
        pica_output_map map;
        pica_output_map_build(&map, &s->outmap, s->vs.output_mask);
        pica_fs_key fs = r->gpu_key->fs;
        memset(r->gpu_key, 0, sizeof *r->gpu_key);
        r->gpu_key->fs = fs;
        char *why = r->gpu_why;
        why[0] = 0;
        r->gpu_vs_ok = pica_gpu_program_key_vs(r->gpu_key, s->vs_setup.code, s->vs_setup.opdesc, src.entry,
                                               src.input_register, src.input_count ? src.input_count : 1u,
                                               map.src, src.clip, 0, why, sizeof r->gpu_why);
        r->gpu_may_report = pica_vsp_may_report(s->vs_setup.code, src.entry, 0, false);
        r->gpu_step_bound = pica_vsp_step_bound(s->vs_setup.code, src.entry, 0, &r->gpu_step_pass);
        if (!r->gpu_vs_ok && !r->vs_gpu_strict &&
            (!r->gpu_source_valid || r->gpu_source.generation != src.generation))
            GLHLE_INFO(r->log, "pica draw: vertex shader (program generation %u) runs on the CPU: %s", src.generation,
                       why);
        r->gpu_source = src;
        r->gpu_source_valid = true;
        r->gpu_vs_failed = false;
        r->gpu_vs_changed = true;
        r->gs_vs_changed = true;
    }
    r->gpu_refused = !r->gpu_vs_ok || r->gpu_vs_failed;
    if (r->gpu_vs_failed)
        snprintf(r->gpu_why, sizeof r->gpu_why, "its translation failed to build");
    if (s->geometry.gs_enabled) {
        /* a program the GPU path cannot run goes to the CPU with its
         * geometry shader, whatever vertex_shaders says */
        r->gpu_refused = false;
        r->gs = r->gpu_vs_ok && !r->gpu_vs_failed && choose_gs(r, s, ev);
        return r->gs;
    }
    if (!r->gpu_refused) {
        /* the quaternion fix-up of lit draws needs the three shaded
         * vertices of a triangle (draw_chunk) */
        bool quat = false;
        for (unsigned k = 4; k < 8; k++)
            quat |= r->gpu_key->outmap[k] < 64;
        return !(quat && s->lighting.enable0);
    }
    return false;
}

static void on_event(void *user, glhle_pica *pica, const glhle_pica_event *ev)
{
    pica_rasterizer *r = user;
    pica_frontend *p = r->p;
    if (ev->type == GLHLE_PICA_EVENT_RESTART_PRIMITIVE) {
        pica_pipeline_event(r->pipeline, pica, ev);
        return;
    }
    const pica_state *s = pica_frontend_state(p);
    if (!s->vs_setup.program_generation || (s->geometry.gs_enabled && !s->gs_setup.program_generation)) {
        /* nothing was ever uploaded to the shader unit: the hardware would
         * run whatever its memory holds; here there is no program at all */
        pica_problem(p, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_ERROR,
                     "draw skipped: no %s shader program has been uploaded (VSH/GSH_CODETRANSFER_DATA)",
                     !s->vs_setup.program_generation ? "vertex" : "geometry");
        r->stats.skipped++;
        return;
    }
    r->prepared = r->skip = r->drew = r->shadow_pass = r->gas_pass = false;
    r->gpu = choose_gpu(r, s, ev);
    r->gs_chunks = 0;
    if (!r->gpu && r->gpu_refused && r->vs_gpu_strict) {
        pica_problem(p, GLHLE_RESULT_UNSUPPORTED, GLHLE_LOG_ERROR,
                     "draw skipped: vertex shaders are GPU-only (GLHLE_PICA_VERTEX_SHADERS_GPU) and this program "
                     "(generation %u) cannot run there: %s",
                     s->vs_setup.program_generation, r->gpu_why);
        r->stats.skipped++;
        return;
    }
    r->gpu_failed = false;
    /* what the geometry unit's bools were: a draw the CPU path draws again
     * starts from them (the first attempt set b15) */
    const uint16_t gs_bools = s->gs_setup.bool_uniforms;
    if (r->gs && r->gs_source.counts) /* and its c registers, which the stream writes between runs */
        memcpy(r->gs_c_saved, s->gs_setup.float_uniforms, sizeof r->gs_c_saved);
    pica_pipeline_set_inputs_only(r->pipeline, r->gpu);
    pica_pipeline_set_gs_stream(r->pipeline, !r->gs                ? 0u
                                             : r->gs_source.counts ? PICA_GS_STREAM_VARIABLE
                                                                   : r->gs_source.vertices);
    pica_pipeline_event(r->pipeline, pica, ev);
    const bool gs_reports = (r->gs_host & PICA_PROGRAM_HOST_VS_STATUS) != 0;
    const bool may_report = r->gs ? gs_reports && (r->gpu_may_report || r->gs_may_report) : r->gpu_may_report;
    if (r->gpu && r->drew && !r->gpu_failed && r->vsp_status && may_report) {
        /* the program may stop a vertex (or meet an undefined opcode): the
         * status its invocations ORed, read back now (a wait for this
         * draw), raises what the CPU path would raise for it */
        uint32_t bits[2] = {0, 0}; /* the status, the steps (draw_gpu_passes) */
        r->gl->MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        r->gl->GetNamedBufferSubData(r->vsp_status, 0, sizeof bits, bits);
        r->stats.status_reads++;
        if (bits[0] || bits[1]) {
            static const uint32_t zeros[2] = {0, 0};
            r->gl->NamedBufferSubData(r->vsp_status, 0, sizeof zeros, zeros);
        }
        const char *what = ev->type == GLHLE_PICA_EVENT_DRAW ? "draw" : "immediate-mode vertex";
        if (bits[0])
            pica_report_shader_status(p, what, bits[0]);
        pica_charge_steps(p, bits[1], what);
    }
    if (r->gpu_failed && r->vs_gpu_strict && !r->gs) {
        pica_problem(p, GLHLE_RESULT_SHADER_ERROR, GLHLE_LOG_ERROR,
                     "draw skipped: vertex shaders are GPU-only (GLHLE_PICA_VERTEX_SHADERS_GPU) and the translated "
                     "program (generation %u) failed to build",
                     s->vs_setup.program_generation);
        r->stats.skipped++;
    } else if (r->gpu_failed) { /* its program did not build: the reference path draws it */
        if (r->gs)
            pica_frontend_state_mut(p)->gs_setup.bool_uniforms = gs_bools;
        if (r->gs && r->gs_source.counts)
            memcpy(pica_frontend_state_mut(p)->gs_setup.float_uniforms, r->gs_c_saved, sizeof r->gs_c_saved);
        r->gpu = r->gs = false;
        r->prepared = r->skip = r->drew = r->shadow_pass = r->gas_pass = false;
        pica_pipeline_set_inputs_only(r->pipeline, false);
        pica_pipeline_set_gs_stream(r->pipeline, 0);
        pica_pipeline_event(r->pipeline, pica, ev);
    }
    if (r->shadow_pass) { /* the view belongs to the surface cache, which may delete it */
        if (r->drew) /* a copy where the host has no views: what the pass wrote, back (after its barrier) */
            gl_caps_view_sync(r->ctx, r->shadow_image, false);
        r->gl->BindImageTexture(0, 0, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
    }
    if (r->drew) {
        r->stats.draws++;
        if (r->gpu)
            r->gpu_draws++;
        else
            r->cpu_draws++;
        if (pica_frontend_state(p)->geometry.gs_enabled) {
            if (r->gs)
                r->stats.gs_gpu_draws++;
            else
                r->stats.gs_cpu_draws++;
        }
        pica_surface_cache_mark_written(r->surfaces, &pica_frontend_state(p)->framebuffer, &r->fixed.written,
                                        r->shadow_pass && !r->gas_pass);
    } else if (!r->prepared && ev->type == GLHLE_PICA_EVENT_DRAW) {
        r->stats.empty++; /* no triangles */
    }
}

/* ---- lifetime ------------------------------------------------------------------------------------------ */

static void setup_vao(pica_rasterizer *r)
{
    GladGLContext *gl = r->gl;
    static const struct {
        GLuint loc;
        GLint size;
        GLuint offset;
    } attribs[PICA_VS_ATTRIB_COUNT] = {
        {PICA_VS_ATTRIB_POSITION, 4, 0},  {PICA_VS_ATTRIB_NORMQUAT, 4, 16}, {PICA_VS_ATTRIB_COLOR, 4, 32},
        {PICA_VS_ATTRIB_TEXCOORD0, 2, 48}, {PICA_VS_ATTRIB_TEXCOORD1, 2, 56}, {PICA_VS_ATTRIB_TEXCOORD0_W, 1, 64},
        {PICA_VS_ATTRIB_VIEW, 3, 72},      {PICA_VS_ATTRIB_TEXCOORD2, 2, 88},
    };
    gl->CreateVertexArrays(1, &r->vao);
    for (int i = 0; i < PICA_VS_ATTRIB_COUNT; i++) {
        gl->EnableVertexArrayAttrib(r->vao, attribs[i].loc);
        gl->VertexArrayAttribFormat(r->vao, attribs[i].loc, attribs[i].size, GL_FLOAT, GL_FALSE, attribs[i].offset);
        gl->VertexArrayAttribBinding(r->vao, attribs[i].loc, 0);
    }
    gl->VertexArrayVertexBuffer(r->vao, 0, r->stream.buffer, 0, VERTEX_BYTES);
    gl->VertexArrayElementBuffer(r->vao, r->stream.buffer);
}

_Static_assert(offsetof(pica_out_vertex, quat) == 16 && offsetof(pica_out_vertex, color) == 32 &&
                   offsetof(pica_out_vertex, tc0) == 48 && offsetof(pica_out_vertex, tc1) == 56 &&
                   offsetof(pica_out_vertex, tc0_w) == 64 && offsetof(pica_out_vertex, view) == 72 &&
                   offsetof(pica_out_vertex, tc2) == 88,
               "attribute offsets in setup_vao");

glhle_result pica_rasterizer_create(const pica_rasterizer_desc *p, pica_rasterizer **out)
{
    *out = NULL;
    const glhle_pica_desc *desc = p->pica;
    if (!p->ctx || !p->gl || !p->surfaces || !p->fe || !desc)
        return GLHLE_FAIL(p->log, GLHLE_RESULT_INVALID_ARGUMENT, "pica draw: the instance has no GL side");
    pica_rasterizer *r = calloc(1, sizeof *r);
    if (!r)
        return GLHLE_FAIL(p->log, GLHLE_RESULT_OUT_OF_MEMORY, "pica draw: no memory for the draw path");
    r->p = p->fe;
    r->ctx = p->ctx;
    r->gl = &p->ctx->gl;
    r->st = p->gl;
    r->surfaces = p->surfaces;
    r->host.gles = p->ctx->info.gles;
    r->uber_always = desc->shader_ubershader == GLHLE_PICA_UBERSHADER_ALWAYS;
    r->host.framebuffer_fetch = p->ctx->info.framebuffer_fetch && !p->no_framebuffer_fetch;
    const pica_pipeline_desc pd = {
        .vertex_capacity = CHUNK_VERTICES,
        .index_capacity = CHUNK_INDICES,
        .on_output = on_output,
        .user = r,
    };
    glhle_result res = pica_pipeline_create(&pd, p->log, &r->pipeline);
    if (res == GLHLE_RESULT_OK)
        pica_pipeline_bind(r->pipeline, p->fe);
    if (res == GLHLE_RESULT_OK)
        res = gl_stream_create(p->ctx, GL_ARRAY_BUFFER, STREAM_BYTES, &r->stream);
    if (res == GLHLE_RESULT_OK)
        res = pica_fs_buffers_create(p->ctx, &r->buffers);
    if (res == GLHLE_RESULT_OK) {
        bool uber = desc->shader_ubershader == GLHLE_PICA_UBERSHADER_ASYNC ||
                    desc->shader_ubershader == GLHLE_PICA_UBERSHADER_ALWAYS;
        GLint units = 0;
        if (uber)
            r->gl->GetIntegerv(GL_MAX_TEXTURE_IMAGE_UNITS, &units);
        if (uber && units < (GLint)PICA_FS_UBER_TEXTURE_UNITS) {
            GLHLE_WARN(p->log, "pica draw: the ubershader samples %u texture units and this driver has %d; draws "
                       "wait for their own programs", PICA_FS_UBER_TEXTURE_UNITS, (int)units);
            uber = false;
            r->uber_always = false;
        }
        const gl_program_service_desc sd = {
            .system = pica_program_system(),
            .host = pica_program_host_bits(&r->host),
            .max_programs = desc->program_budget,
            .max_bytes = desc->program_budget_bytes,
            .cache_dir = desc->shader_cache_dir,
            .cache_title = desc->shader_cache_title,
            .cache_max_bytes = desc->shader_cache_max_bytes,
            .compile_threads = uber && !desc->shader_compile_threads ? 1 : desc->shader_compile_threads,
            .fallback_generate = uber ? pica_program_generate_uber : NULL,
            .fallback_covers = pica_program_uber_covers, /* not gas keys */
            .fallback_only = uber && desc->shader_ubershader == GLHLE_PICA_UBERSHADER_ALWAYS,
        };
        res = gl_program_service_create(p->ctx, &sd, &r->programs);
    }
    r->log = p->log;
    /* the generated GLSL is 4.50 core / 3.20 es (shader_glsl.c) */
    const glhle_context_info *ci = &p->ctx->info;
    const int ver = ci->gl_major * 10 + ci->gl_minor;
    const bool host_ok = ci->gles ? ver >= 32 : ver >= 45;
    if (res == GLHLE_RESULT_OK && desc->vertex_shaders > GLHLE_PICA_VERTEX_SHADERS_GPU)
        res = GLHLE_FAIL(p->log, GLHLE_RESULT_INVALID_ARGUMENT,
                         "pica draw: vertex_shaders %u is none of GLHLE_PICA_VERTEX_SHADERS_AUTO/CPU/GPU",
                         desc->vertex_shaders);
    r->vs_gpu_strict = desc->vertex_shaders == GLHLE_PICA_VERTEX_SHADERS_GPU;
    /* the fragment ubershader promises draws that never wait for a
     * compile; the translated vertex programs have no such stand-in, so
     * AUTO keeps the CPU vertex path with it */
    const bool uber_on = desc->shader_ubershader == GLHLE_PICA_UBERSHADER_ASYNC ||
                         desc->shader_ubershader == GLHLE_PICA_UBERSHADER_ALWAYS;
    r->vs_gpu_enabled =
        r->vs_gpu_strict || (desc->vertex_shaders == GLHLE_PICA_VERTEX_SHADERS_AUTO && host_ok && !uber_on);
    if (res == GLHLE_RESULT_OK && desc->vertex_shaders == GLHLE_PICA_VERTEX_SHADERS_AUTO && !host_ok)
        GLHLE_INFO(p->log, "pica draw: vertex shaders run on the CPU: the context is %s %d.%d and the translated "
                           "ones need GL 4.5 or ES 3.2",
                   ci->gles ? "ES" : "GL", ci->gl_major, ci->gl_minor);
    GLint vs_ssbos = 0;
    if (res == GLHLE_RESULT_OK && r->vs_gpu_enabled) {
        r->gl->GetIntegerv(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS, &vs_ssbos);
        if (vs_ssbos < 1)
            GLHLE_INFO(p->log, "pica draw: the context has no vertex-stage storage buffers: a vertex the GPU path "
                               "stops at the step limit is not reported");
    }
    if (res == GLHLE_RESULT_OK && r->vs_gpu_enabled) {
        /* a key is 3.9 KiB: a smaller table than the fragment programs' */
        const gl_program_service_desc sd = {
            .system = pica_gpu_program_system(),
            .host = pica_program_host_bits(&r->host) | (vs_ssbos >= 1 ? PICA_PROGRAM_HOST_VS_STATUS : 0u),
            .max_programs = desc->program_budget && desc->program_budget < 1024 ? desc->program_budget : 1024,
            .max_bytes = desc->program_budget_bytes,
            .cache_dir = desc->shader_cache_dir,
            .cache_title = desc->shader_cache_title,
            .cache_max_bytes = desc->shader_cache_max_bytes,
            .compile_threads = desc->shader_compile_threads,
        };
        r->gpu_key = calloc(1, sizeof *r->gpu_key);
        res = r->gpu_key ? gl_program_service_create(p->ctx, &sd, &r->gpu_programs)
                         : GLHLE_FAIL(p->log, GLHLE_RESULT_OUT_OF_MEMORY, "pica draw: no memory for the GPU vertex path");
    }
    if (res == GLHLE_RESULT_OK && r->vs_gpu_enabled) {
        /* the geometry path: geometry shaders are core in both (GL 3.2, ES
         * 3.2); its programs report their status where both stages have
         * storage buffers */
        GLint gs_ssbos = 0;
        r->gl->GetIntegerv(GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS, &gs_ssbos);
        r->gs_host = pica_program_host_bits(&r->host) |
                     (vs_ssbos >= 1 && gs_ssbos >= 1 ? PICA_PROGRAM_HOST_VS_STATUS : 0u);
        /* 64 programs of 7.7 KiB keys, made from the disk cache or, on a
         * miss, on a compile worker where there are any (defer_misses: the
         * service hands out no program while it compiles, and the CPU path
         * draws the draw meanwhile, as it draws a refused or failed
         * program), else on the draw */
        const gl_program_service_desc sd = {
            .system = pica_gs_program_system(),
            .host = r->gs_host,
            .max_programs = 64,
            .max_bytes = desc->program_budget_bytes,
            .cache_dir = desc->shader_cache_dir,
            .cache_title = desc->shader_cache_title,
            .cache_max_bytes = desc->shader_cache_max_bytes,
            .compile_threads = desc->shader_compile_threads,
            .defer_misses = true,
        };
        r->gs_key = calloc(1, sizeof *r->gs_key);
        r->gs_run_key = calloc(1, sizeof *r->gs_run_key);
        res = r->gs_key && r->gs_run_key ? gl_program_service_create(p->ctx, &sd, &r->gs_programs)
                        : GLHLE_FAIL(p->log, GLHLE_RESULT_OUT_OF_MEMORY, "pica draw: no memory for the geometry path");
    }
    if (res != GLHLE_RESULT_OK) {
        pica_rasterizer_destroy(r);
        return res;
    }
    GladGLContext *gl = r->gl;
    setup_vao(r);
    gl->CreateBuffers(1, &r->vs_ubo);
    gl->NamedBufferData(r->vs_ubo, sizeof r->vs_uniforms, &r->vs_uniforms, GL_DYNAMIC_DRAW);
    gl->CreateBuffers(1, &r->uber_ubo);
    gl->NamedBufferData(r->uber_ubo, sizeof r->uber_config, NULL, GL_DYNAMIC_DRAW);
    if (r->vs_gpu_enabled) {
        gl->CreateBuffers(1, &r->vsp_ubo);
        gl->NamedBufferData(r->vsp_ubo, sizeof r->vsp_uniforms, NULL, GL_DYNAMIC_DRAW);
        gl->CreateBuffers(1, &r->gsp_ubo);
        gl->NamedBufferData(r->gsp_ubo, sizeof r->gsp_uniforms, NULL, GL_DYNAMIC_DRAW);
        if (vs_ssbos >= 1) {
            static const uint32_t zeros[2] = {0, 0};
            gl->CreateBuffers(1, &r->vsp_status);
            gl->NamedBufferData(r->vsp_status, sizeof zeros, zeros, GL_DYNAMIC_READ);
        }
        gl->CreateVertexArrays(16, r->gpu_vao);
        for (GLuint n = 1; n <= 16; n++) {
            const GLuint vao = r->gpu_vao[n - 1];
            for (GLuint a = 0; a < n; a++) {
                gl->EnableVertexArrayAttrib(vao, a);
                gl->VertexArrayAttribFormat(vao, a, 4, GL_FLOAT, GL_FALSE, a * 16u);
                gl->VertexArrayAttribBinding(vao, a, 0);
            }
            gl->VertexArrayVertexBuffer(vao, 0, r->stream.buffer, 0, (GLsizei)(n * 16u));
            gl->VertexArrayElementBuffer(vao, r->stream.buffer);
        }
        gl->CreateVertexArrays(1, &r->fetch_vao);
        gl->VertexArrayElementBuffer(r->fetch_vao, r->stream.buffer);
        pica_pipeline_set_fetch(r->pipeline, FETCH_MAX_BYTES);
    }
    gl->CreateSamplers(1, &r->nearest_sampler);
    gl->SamplerParameteri(r->nearest_sampler, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    gl->SamplerParameteri(r->nearest_sampler, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    /* the buffers' creation bound and unbound GL objects outside the shadow */
    gl_state_invalidate(r->st);
    *out = r;
    return GLHLE_RESULT_OK;
}

glhle_pica_hooks pica_rasterizer_hooks(pica_rasterizer *r)
{
    return (glhle_pica_hooks){on_event, r,
                              (1u << GLHLE_PICA_EVENT_DRAW) | (1u << GLHLE_PICA_EVENT_IMMEDIATE_VERTEX) |
                                  (1u << GLHLE_PICA_EVENT_RESTART_PRIMITIVE)};
}

void pica_rasterizer_destroy(pica_rasterizer *r)
{
    if (!r)
        return;
    GladGLContext *gl = r->gl;
    for (int i = 0; i < SAMPLER_SLOTS; i++)
        if (r->samplers[i].sampler)
            gl->DeleteSamplers(1, &r->samplers[i].sampler);
    if (r->nearest_sampler)
        gl->DeleteSamplers(1, &r->nearest_sampler);
    for (int i = 0; i < 4; i++)
        if (r->scratch[i])
            gl->DeleteTextures(1, &r->scratch[i]);
    if (r->shadow_view)
        gl->DeleteTextures(1, &r->shadow_view);
    if (r->vs_ubo)
        gl->DeleteBuffers(1, &r->vs_ubo);
    if (r->uber_ubo)
        gl->DeleteBuffers(1, &r->uber_ubo);
    if (r->vao)
        gl->DeleteVertexArrays(1, &r->vao);
    if (r->gpu_vao[0])
        gl->DeleteVertexArrays(16, r->gpu_vao);
    if (r->fetch_vao)
        gl->DeleteVertexArrays(1, &r->fetch_vao);
    if (r->vsp_ubo)
        gl->DeleteBuffers(1, &r->vsp_ubo);
    if (r->vsp_status)
        gl->DeleteBuffers(1, &r->vsp_status);
    if (r->gsp_ubo)
        gl->DeleteBuffers(1, &r->gsp_ubo);
    gl_program_service_destroy(r->gs_programs);
    free(r->gs_key);
    free(r->gs_run_key);
    gl_program_service_destroy(r->gpu_programs);
    free(r->gpu_key);
    if (r->buffers.ubo)
        pica_fs_buffers_destroy(r->ctx, &r->buffers);
    gl_program_service_destroy(r->programs);
    gl_stream_destroy(&r->stream);
    pica_pipeline_destroy(r->pipeline);
    /* the names above may be in the shared shadow */
    gl_state_invalidate(r->st);
    free(r);
}

void pica_rasterizer_get_stats(const pica_rasterizer *r, pica_rasterizer_stats *out)
{
    *out = r->stats;
    out->buffer_uploads = r->buffers.upload_calls;
    if (r->programs) {
        glhle_shader_stats ss;
        gl_program_service_get_stats(r->programs, &ss);
        out->program_builds = ss.programs_compiled + ss.binaries_loaded;
        out->program_failures = ss.program_failures;
    }
    if (r->gpu_programs) {
        glhle_shader_stats ss;
        gl_program_service_get_stats(r->gpu_programs, &ss);
        out->program_builds += ss.programs_compiled + ss.binaries_loaded;
        out->program_failures += ss.program_failures;
    }
    if (r->gs_programs) {
        glhle_shader_stats ss;
        gl_program_service_get_stats(r->gs_programs, &ss);
        out->program_builds += ss.programs_compiled + ss.binaries_loaded;
        out->program_failures += ss.program_failures;
    }
}

static void add_shader_stats(const gl_program_service *svc, glhle_shader_stats *out)
{
    glhle_shader_stats g;
    gl_program_service_get_stats(svc, &g);
    out->programs_compiled += g.programs_compiled;
    out->programs_compiled_on_draw += g.programs_compiled_on_draw;
    out->programs_precompiled += g.programs_precompiled;
    out->draws_waited_for_compile += g.draws_waited_for_compile;
    out->program_failures += g.program_failures;
    out->cache_hits += g.cache_hits;
    out->cache_misses += g.cache_misses;
    out->disk_hits += g.disk_hits;
    out->binaries_loaded += g.binaries_loaded;
    out->binaries_rejected += g.binaries_rejected;
    out->binaries_written += g.binaries_written;
    out->records_written += g.records_written;
    out->cache_records_rejected += g.cache_records_rejected;
    out->disk_entries += g.disk_entries;
    out->evictions += g.evictions;
    out->programs_resident += g.programs_resident;
    out->bytes_resident += g.bytes_resident;
    out->compile_ns += g.compile_ns;
    for (unsigned i = 0; i < GLHLE_SHADER_COMPILE_BUCKETS; i++)
        out->compile_histogram[i] += g.compile_histogram[i];
    out->cache_compactions += g.cache_compactions;
}

void pica_rasterizer_get_shader_stats(const pica_rasterizer *r, glhle_shader_stats *out)
{
    gl_program_service_get_stats(r->programs, out);
    /* the GPU vertex and geometry paths' programs count with the others */
    if (r->gpu_programs)
        add_shader_stats(r->gpu_programs, out);
    if (r->gs_programs)
        add_shader_stats(r->gs_programs, out);
    out->draws = r->stats.draws;
    out->draws_gpu_vertex_shader = r->gpu_draws;
    out->draws_cpu_vertex_shader = r->cpu_draws;
    out->vertices_gpu_vertex_shader = r->gpu_vertices;
    out->vertices_cpu_vertex_shader = r->cpu_vertices;
    out->draws_gpu_geometry_shader = r->stats.gs_gpu_draws;
    out->draws_cpu_geometry_shader = r->stats.gs_cpu_draws;
    out->geometry_shader_refusals = r->stats.gs_refusals;
    if (r->uber_always) /* its program is looked up only when the key changes */
        out->draws_by_ubershader = r->stats.draws;
}

void pica_rasterizer_get_gs_program_stats(const pica_rasterizer *r, glhle_shader_stats *out)
{
    memset(out, 0, sizeof *out);
    if (r->gs_programs)
        gl_program_service_get_stats(r->gs_programs, out);
}

uint8_t *pica_rasterizer_stream_mapping(pica_rasterizer *r, GLuint *buffer)
{
    *buffer = r->stream.buffer;
    return r->stream.persistent ? r->stream.mapped : NULL;
}

void pica_rasterizer_test_break_builds(pica_rasterizer *r, bool broken)
{
    gl_program_service_test_break_builds(r->programs, broken);
    if (r->gpu_programs)
        gl_program_service_test_break_builds(r->gpu_programs, broken);
    if (r->gs_programs)
        gl_program_service_test_break_builds(r->gs_programs, broken);
}

void pica_rasterizer_test_set_fetch(pica_rasterizer *r, bool on)
{
    if (r->vs_gpu_enabled)
        pica_pipeline_set_fetch(r->pipeline, on ? FETCH_MAX_BYTES : 0);
}
