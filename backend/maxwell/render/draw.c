/* The Maxwell draw path on GL (render_targets.h): a DRAW event becomes a GL
 * draw. Programs: the vertex-B and pixel stages, the geometry stage where
 * SET_PIPELINE_SHADER(4) enables one and the tessellation stages where (2)
 * TESSELLATION_INIT (control) and (3) TESSELLATION (evaluation) do, at the
 * program region plus their SET_PIPELINE_PROGRAM offsets, fetched with
 * their headers (shader/sass_fetch.h), translated to SPIR-V
 * (shadergen/maxwell_spirv.h, cached by code and key; the geometry stage
 * keyed with the input primitive, prim_in, of the draw's topology or of
 * what the tessellator emits, the evaluation stage with
 * SET_TESSELLATION_PARAMETERS packed by MW_TESS_MODE), to GLSL 4.50
 * through SPIRV-Cross and linked, each combination once (those with
 * geometry or tessellation stages through services of their own,
 * programs.h mw_program_guest_gs_system and mw_program_tess_system). A
 * tessellated draw is PATCH (and PATCH is drawn only so) with SET_PATCH's
 * size as GL_PATCH_VERTICES. Polygon mode applies to what those stages
 * emit; a host without polygon mode (ES), where the draw path's own
 * geometry stage draws LINE and POINT, refuses such a draw that emits
 * triangles, and one with SET_PROVOKING_VERTEX FIRST (the rotation would
 * reorder their inputs, and what they emit takes the GL's convention). Resources in glhle's GL layout (maxwell_spirv.h: stage s's
 * constant buffer N at UBO binding 14 s + N). Vertex streams, index buffers
 * and the bound constant buffers are read from guest memory per draw (only
 * the ranges the draw uses; constant buffers when they changed) into one
 * streaming upload ring (backend/gl/stream_buffer.h: persistently mapped
 * where the GL has buffer storage -- GL 4.4, ARB_ or, on OpenGL ES,
 * EXT_buffer_storage -- else a staging copy and glBufferSubData, which ES
 * 3.0 and every desktop GL have and which GL orders after the draws before
 * it), fenced per segment, each stream bound at its bytes. Render targets
 * are the render cache's surfaces, attached as SET_CT_SELECT orders them.
 * A program whose last vertex-pipeline stage writes the layer draws into
 * 2D array and 3D targets attached whole (layered), its layer plus the
 * targets' first layer (SET_COLOR_TARGET_LAYER / SET_ZT_LAYER) through
 * the uniform mw_layer_base (programs.h MW_LAYER_BASE_LOCATION), so a
 * first layer or slice past 0 needs no texture view; only targets whose
 * first layers differ from each other are drawn through 2D array views
 * (layer_view), and refused for 3D targets and GLs without views (targets).
 *
 * The viewport: clb197.h's transform is x_w = scale_x * x_ndc + offset_x
 * (likewise y, z) in pixels of the target, guest row 0 first; surfaces keep
 * guest row 0 in GL row 0, so a positive y scale is GL's lower-left
 * transform as it is and a negative one GL's upper-left origin
 * (glClipControl). Depth follows SET_VIEWPORT_CLIP_CONTROL's
 * MIN_Z_ZERO_MAX_Z_ONE. Viewport 0 and scissor 0, or all 16 where the
 * program writes the viewport index (viewport_array; not on OpenGL ES).
 *
 * Blending per target, both enum families of clb197.h.
 * Textures: each stage's handles (header index, sampler index) from the
 * handle buffer SET_BINDLESS_TEXTURE names, at the deko3d per-stage
 * offsets; headers and samplers from the pools, through the texture cache.
 * Fixed function beyond blending: stencil front and back, logic op, depth
 * clamp (SET_VIEWPORT_CLIP_CONTROL), polygon mode (where the host has
 * none, OpenGL ES: LINE and POINT through a geometry stage of the draw
 * path's own, programs.h MW_PROGRAM_HOST_POLYGON_*) and offset, user clip
 * distances, point size, line width, primitive restart; all through the
 * state tracker's shadows (gl_state.h, gl_raster), so a draw issues only
 * what differs from the one before, and what glhle leaves at GL's defaults
 * between calls is put back once per public call (gl_state_raster_defaults
 * from maxwell.c's call_end), not after each draw.
 *
 * Instances: the front end reports each instance of an instanced draw as
 * its own DRAW event (BEGIN INSTANCE_ID FIRST, then SUBSEQUENT). Each is
 * one GL draw of one instance: a per-instance stream is bound with stride
 * 0 at the element that instance reads (base instance + instance /
 * divisor), and the shader's instance id (attribute 0x2f8, gl_InstanceIndex
 * in the SPIR-V, which SPIRV-Cross writes as gl_InstanceID +
 * SPIRV_Cross_BaseInstance: gl_BaseInstanceARB where the GL has
 * ARB_shader_draw_parameters, else a uniform) gets the instance number as
 * the draw's base instance and through that uniform.
 *
 * Conditional rendering: SET_RENDER_ENABLE_* and SET_GLOBAL_RENDER_ENABLE_*
 * (and the override) are checked before a draw; a disabled draw is skipped.
 *
 * Program code is fetched once per address and kept until memory over it
 * is written (mw_draw_invalidate, through mw_render_invalidate). The last
 * draw's program key, and the texture handles, headers and samplers it
 * read, are reused while the state groups it was built from are clean (the
 * 3D state's dirty bits, which the draw path takes) and no write, map or
 * unmap reached the guest memory it read (key_cache).
 *
 * Vertex A (SET_PIPELINE_SHADER(0)) is joined before vertex B into one
 * vertex stage (vertex_a_input; maxwell_spirv.h mw_spirv_input.a_code):
 * its generic outputs are what B reads as inputs; one without B, or one
 * that samples textures, is refused.
 *
 * Storage images (SULD/SUST/SURED/SUATOM, any stage): each slot's handle
 * at the stage's handle block + 0x80 (deko3d), its header in the 3D pools,
 * its format in the stage key (read_images, kept with the key cache);
 * every stage's slot S is image unit S, so two stages naming one slot are
 * refused. images.h uploads and binds them after the targets and textures
 * (an image over a render target or a sampled texture is refused: the
 * target's pixels or the texture's copy and the stores would not be one
 * memory); after the draw a glMemoryBarrier and the write-back, the caches
 * over the written bytes marked stale, so a later draw sees the stores.
 *
 * Transform feedback: see the stream-output notes at xfb_layout; reports:
 * queries.c.
 *
 * Not yet: storage images other than level 0 of a 2D header (images.h);
 * each is reported when a draw needs it.
 * SET_RASTER_ENABLE FALSE skips the draw (nothing of it would remain). */
#include <stdlib.h>
#include <string.h>

#include "backend/common/hash.h"
#include "backend/gl/gl_caps.h"
#include "backend/gl/gl_util.h"
#include "backend/gl/program_service.h"
#include "backend/gl/provoking.h"
#include "backend/gl/stream_buffer.h"
#include "backend/maxwell/render/compute.h"
#include "backend/maxwell/render/images.h"
#include "backend/maxwell/render/programs.h"
#include "backend/maxwell/render/render_targets.h"
#include "backend/maxwell/shader/sass_fetch.h"
#include "backend/maxwell/texture/tic.h"
#include "shadergen/maxwell_spirv.h"
#include "shadergen/spirv_glsl.h"

#define MAX_PROGRAMS 1024u
#define INFO_SLOTS 4096u /* a power of two, at least twice MAX_PROGRAMS */
#define MAX_CODES 16u
#define MAX_STREAM_BYTES (64u << 20)
/* The upload ring's size: a few frames of a game's changing vertices and
 * constants; a range the ring cannot take (over half of it with the bytes
 * a vertex binding skips) goes to a store of its own as before */
#define RING_BYTES (16u << 20)

/* A program's header and code as fetched from guest memory, kept by its
 * address until memory over [lo, hi) is written. */
typedef struct mw_draw_code {
    uint64_t va, lo, hi;
    uint64_t gen;           /* unique per fetch: a program made from this copy names it */
    mw_sass_code code;
    uint64_t last_use;
    uint32_t reach;         /* mw_spirv_reachable_words of the code, once known (0: cannot be walked) */
    uint32_t tex_slots;     /* the texture slots its code names (mw_spirv_reachable_slots) ... */
    uint32_t tex_offset;    /* ... counted from this handle table offset (the stage's) */
    uint8_t tex_cbuf;       /* ... in this handle buffer (a bindless handle names a slot only from it) */
    mw_spirv_tex_source tex_src[MW_SPIRV_TEX_SLOTS]; /* slots whose handle is elsewhere (bindless) */
    /* the image slots its code names (mw_spirv_reachable_image_access,
     * counted from tex_offset + 0x80 in tex_cbuf), of those the maybe and
     * the raw ones */
    uint32_t img_slots, img_maybe, img_raw;
    bool reach_known;
    bool valid;
} mw_draw_code;

/* What a UBO holds: guest bytes [va, va + size) as of its upload, at
 * `offset` of `buffer` (the ring's, handed out in lap `lap`, or the slot's
 * own store at 0). */
typedef struct mw_ubo_held {
    uint64_t va;
    uint32_t size;
    bool fresh;
    bool in_ring;
    GLuint buffer;
    size_t offset;
    uint64_t lap;
} mw_ubo_held;

/* What a draw needs of a program besides its name, read from the program
 * itself when the service makes it (after_link: linked, loaded from a
 * binary, or finished on a worker), so a program from the disk cache needs
 * no translation. Kept by GL name: a name the GL hands out again belongs to
 * a new program, which after_link describes before any draw uses it. */
typedef struct mw_draw_program {
    GLuint program;            /* 0: a free slot */
    uint32_t tex_mask[MW_PROGRAM_STAGES]; /* texture slots each stage samples (MW_PROGRAM_* order) */
    GLint instance_loc;        /* SPIRV_Cross_BaseInstance, or -1 when the vertex stage reads no instance id */
    bool es_point_size;        /* ES: the vertex text's mw_point_size (programs.c) */
    bool viewport_flip;        /* its mw_viewport_flip (programs.h MW_VIEWPORT_FLIP_LOCATION) */
    bool layer_base;           /* its mw_layer_base (programs.h MW_LAYER_BASE_LOCATION) */
    bool es_logic_op;          /* ES: the fragment text's mw_logic (a float target 0) */
    bool polygon_gs;           /* the polygon mode geometry stage's mw_poly_cull (programs.h) */
} mw_draw_program;

/* A stage's texture slots: the header and sampler words each handle names,
 * read from the handle buffer and the pools; kind 0 where a slot names no
 * valid header, and for the slots outside `slots` (read_textures), which
 * the code does not sample: their handles are not read at all (a handle
 * read is two guest reads of 32 bytes besides its own; 64 of them were most
 * of a draw's own cost, docs/performance.md), and with kind 0 the key does
 * not change when they do. */
typedef struct stage_textures {
    uint8_t kind[MW_SPIRV_TEX_SLOTS];
    uint32_t tic_index[MW_SPIRV_TEX_SLOTS]; /* the header's place in the pool, for messages */
    uint32_t tic[MW_SPIRV_TEX_SLOTS][8], tsc[MW_SPIRV_TEX_SLOTS][8];
} stage_textures;

/* The groups of the 3D state a program key is built from (get_program):
 * the program region and stages, the attributes' types, the targets'
 * formats and order, the texture pools and handle buffer slot; and the
 * constant-buffer bindings, of which only those the key's handles were
 * read through count (key_cache.cbuf_used). */
#define KEY_GROUPS                                                                                                    \
    (MW_DIRTY(PROGRAM) | MW_DIRTY(VERTEX_ATTRIB) | MW_DIRTY(RT) | MW_DIRTY(TEXTURE_POOLS) | MW_DIRTY(STREAM_OUT))

/* Guest memory a key was built from besides the code (which the code
 * copies' invalidation covers): the handle words, texture headers and
 * samplers read_textures read, each kind as one bounding range. */
enum { KEY_HANDLES, KEY_TIC, KEY_TSC, KEY_RANGES };

/* The last draw's program lookup, kept so that a draw whose inputs did not
 * change neither rebuilds its key (the stages' code, headers, translation
 * keys and texture handles, headers and samplers read from guest memory)
 * nor hashes it: valid while no group of KEY_GROUPS is dirty (the state's
 * dirty bits, taken into `dirty` by each draw), the used constant-buffer
 * bindings, the resolution scale and the draw's own inputs compare equal,
 * and no write to the code or to `lo`..`hi` reached mw_draw_invalidate
 * (mw_draw_overlaps names those ranges, so the engines' and the front
 * end's writes do). The key stays in mw_draw.key and is confirmed with the
 * program service on each reuse, which may have evicted its program. */
typedef struct key_cache {
    bool valid;
    uint32_t dirty;                 /* MW_DIRTY groups changed since the key was built */
    gl_program_service *service;    /* the service it was found in */
    gl_program_found found;         /* ... and where, while the service's programs are unchanged */
    const mw_draw_program *info;    /* its program's info, while info->program is that program */
    uint64_t hash;                  /* of mw_draw.key */
    size_t key_size;                /* its bytes, as the service measures it */
    uint32_t scale;                 /* mw_render.scale it was built at */
    uint32_t polygon;               /* get_program's polygon argument */
    bool vtg;                       /* a geometry or tessellation stage ... */
    uint8_t prim_in;                /* ... keyed with this input primitive (geometry) */
    uint32_t polygon_mode_front;    /* ... checked against this polygon mode */
    GLenum raster_mode;             /* ... which rasterizes this */
    bool layered;                   /* its last vertex-pipeline stage writes the layer (get_program) */
    bool viewports;                 /* ... and the viewport index: every viewport is set (raster_state) */
    /* per translator stage, the constant-buffer slots handles were read
     * through, and those bindings as they were */
    uint32_t cbuf_used[MW_SPIRV_STAGE_COUNT_];
    mw_cbuf_binding cbuf[MW_SPIRV_STAGE_COUNT_][MW_CBUF_SLOTS];
    uint64_t lo[KEY_RANGES], hi[KEY_RANGES]; /* lo >= hi: nothing read */
    stage_textures tex[MW_PROGRAM_STAGES]; /* what the handles named */
    /* the storage images the stages use: one table, as every stage's
     * slot S is image unit S (maxwell_spirv.c mw_spirv_gl_bindings), so
     * two stages naming one slot are refused (get_program) */
    mw_image img[MW_SPIRV_IMG_SLOTS];
    uint32_t img_mask, img_raw;
} key_cache;

/* The groups the fixed-function state is set from (raster_state). */
#define RASTER_GROUPS                                                                                                 \
    (MW_DIRTY(VIEWPORT) | MW_DIRTY(SCISSOR) | MW_DIRTY(ZETA) | MW_DIRTY(DEPTH_STENCIL) | MW_DIRTY(RASTER) |          \
     MW_DIRTY(BLEND) | MW_DIRTY(RT))

/* What the fixed-function state was last set from: a draw skips
 * raster_state while no group of RASTER_GROUPS is dirty, its other inputs
 * compare equal and nothing set GL state through the shadow since the
 * draw before ended (its count of GL calls, invalidations and owner as
 * then): the GL then holds what raster_state would set, and each of its
 * setters would find its shadow equal and skip. */
/* The vertex attributes as the last draw set glhle's vertex array from
 * them (vertex_input): `streams` are those they read, while the group is
 * clean (`dirty`) and the same streams are enabled; `enabled`, the
 * streams' enable bits, while VERTEX_STREAM is clean. */
typedef struct vertex_cache {
    bool valid;
    uint32_t dirty; /* MW_DIRTY groups changed since */
    uint32_t enabled, streams;
} vertex_cache;

/* What the last constant_buffers() bound from: a draw skips its scan of
 * the bound buffers, their freshness and fence checks and the bindings
 * while the binding group is clean, the same stages run, no write reached
 * a held buffer (mw_draw_invalidate), the ring's lap and unfenced
 * segments are as then (gl_stream_unfenced's every answer the same) and
 * nothing set GL state through the shadow since the draw before ended
 * (so each binding is still the one the shadow holds). */
typedef struct cbuf_cache {
    bool valid;
    uint32_t stages;
    uint32_t open;
    uint64_t wraps;
} cbuf_cache;

typedef struct raster_cache {
    bool valid;                 /* the last draw ended with issued / invalidations as below */
    uint32_t dirty;             /* MW_DIRTY groups changed since raster_state ran */
    uint64_t issued, invalidations;
    uint32_t scale, polygon_gs;
    GLenum raster_mode;
    bool rotate, srgb_target, viewports;
} raster_cache;

/* The groups the framebuffer is set from (targets()). */
#define TARGET_GROUPS (MW_DIRTY(RT) | MW_DIRTY(ZETA))

/* What the last draw's framebuffer was set from: a draw skips targets()'s
 * lookups while no group of TARGET_GROUPS is dirty (SET_ANTI_ALIAS is an RT
 * register), the program's `layered` and the resolution scale are as then
 * and the render cache's generation has not moved (no surface made,
 * dropped, freed or marked stale, no context loss: each surface looked up
 * would be the one it was, fresh, and the framebuffer still holds it).
 * mark_rendered runs on every draw regardless. */
typedef struct target_cache {
    bool valid;
    uint32_t dirty; /* MW_DIRTY groups changed since targets() looked the surfaces up */
    uint64_t generation;
    uint32_t scale, w, h;
    bool layered;
    /* the surfaces looked up, colour 0-7 then zeta, NULL for none: a
     * reuse counts as their use (last_use) in the same order */
    mw_surface *surf[MW_RT_COUNT + 1];
    uint32_t surf_mask; /* bit i: surf[i] is set (a reuse walks these alone) */
} target_cache;

struct mw_draw {
    mw_spirv_cache spirv;      /* a miss's translation, checked before its program is asked for */
    gl_program_service *programs; /* linked programs by mw_program_key (programs.h), the disk cache */
    uint32_t host;                /* its host bits */
    /* the same keys' programs with the polygon mode geometry stage (LINE,
     * POINT: MW_PROGRAM_HOST_POLYGON_*), made on the first draw that needs
     * one where gl_caps_polygon_mode_by_gs says so; no disk cache */
    gl_program_service *polygon_programs[2];
    /* programs with the guest's geometry stage (SET_PIPELINE_SHADER(4)),
     * made on the first draw with one, and their disk cache */
    gl_program_service *gs_programs;
    /* programs with the tessellation stages (and maybe the geometry stage), and their disk cache */
    gl_program_service *tess_programs;
    mw_draw_program info[INFO_SLOTS];
    uint32_t info_count;
    uint8_t *key;              /* the draw's program key (grown, never shrunk) */
    size_t key_cap;
    key_cache kc;              /* what `key` was built from */
    raster_cache rc;           /* what the fixed-function state was set from */
    vertex_cache vc;           /* what the vertex array was set from */
    target_cache tc;           /* what the framebuffer was set from */
    /* the constant buffers bound to each stage (valid, of some size),
     * while the group is clean (cbuf_dirty) */
    uint32_t cbuf_bound[MW_SPIRV_STAGE_COUNT_];
    uint32_t cbuf_dirty;
    cbuf_cache cbc;
    mw_draw_code code[MAX_CODES];
    /* what each UBO holds: guest bytes [va, va + size) as of its upload,
     * until memory there is written (mw_draw_invalidate) */
    mw_ubo_held ubo_held[MW_SPIRV_STAGE_COUNT_][MW_GL_UBOS_PER_STAGE];
    /* the framebuffer's attachments as last set (colour 0-7, then zeta at
     * the point zeta_point) and its draw buffers: only changes reach the GL,
     * whose framebuffer revalidation on every draw stalls a driver like
     * llvmpipe */
    GLuint attached[MW_RT_COUNT + 1];
    /* the slice or layer of a 3D or array surface attached, -1 for a 2D
     * one, MW_LAYERED for the whole (a program that writes the layer) */
    GLint attached_layer[MW_RT_COUNT + 1];
    uint32_t viewport_flip;         /* viewport_array: the viewports whose y the program negates */
    /* a layered draw's first layer, the program's mw_layer_base (targets):
     * the one first layer of every target, attached whole; 0 otherwise */
    uint32_t layer_base;
    /* per attachment slot, a layered 2D array target drawn from a first
     * layer past 0 where the targets' first layers differ: a 2D array view
     * of its texture from that layer (layer_view), 0 for none; the texture
     * and first layer it views */
    GLuint layer_view[MW_RT_COUNT + 1];
    GLuint layer_view_of[MW_RT_COUNT + 1];
    uint32_t layer_view_first[MW_RT_COUNT + 1];
    const mw_rt_format *rt0_format; /* target 0's, NULL when it has none */
    /* targets() to mark_rendered: the surface address of each colour
     * attachment and of zeta (slot MW_RT_COUNT), UINT64_MAX for none */
    uint64_t drawn_va[MW_RT_COUNT + 1];
    GLint rt0_layer;                /* its slice or layer, -1 for a 2D texture */
    bool rt0_array;                 /* a GL_TEXTURE_2D_ARRAY (else 3D when rt0_layer >= 0) */
    uint32_t rt0_w, rt0_h;          /* its texture's size (the internal resolution) */
    bool rt0_multisampled;          /* a GL multisample texture (SET_ANTI_ALIAS) */
    bool srgb_target;               /* a target of an sRGB format is bound */
    bool logic_msaa_said;           /* es_logic_op's refusal below, said once */
    /* ES without framebuffer fetch: the copy of target 0 a logic op reads */
    GLuint logic_dest;
    GLenum logic_dest_format;
    uint32_t logic_dest_w, logic_dest_h;
    uint64_t logic_copies;
    GLenum zeta_point;
    GLenum draw_bufs[MW_RT_COUNT];
    bool fbo_known;
    uint64_t fetches;          /* programs read from guest memory (tests: the cache works) */
    bool forward_compatible;   /* wide lines are an error there */
    GLuint vao, fbo;
    /* what vao holds, so a draw sets only what differs from the draw
     * before (nothing else changes glhle's own vertex array; it goes with
     * this struct, on a lost context too) */
    struct vao_attrib {
        bool on, integer, normalized;
        GLint size; /* 0: the format not set yet */
        GLenum type;
        GLuint offset, binding;
    } vao_attrib[MW_VERTEX_ATTRIB_COUNT];
    GLuint vao_elements;
    GLint max_attribs; /* GL_MAX_VERTEX_ATTRIBS */
    GLuint vbuf[MW_VERTEX_STREAM_COUNT], ibuf, ubo[MW_SPIRV_STAGE_COUNT_][MW_GL_UBOS_PER_STAGE];
    /* the streaming upload ring (backend/gl/stream_buffer.h): each draw's
     * vertex streams, indices and changed constant buffers, only the bytes
     * it reads, at increasing offsets (one map group per draw); the stores
     * above take what it cannot (ring.ctx NULL: no ring) */
    gl_stream_buffer ring;
    size_t ubo_align;          /* GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT; 0: UBOs not in the ring */
    uint64_t tick;
    /* grown, never shrunk: guest bytes a draw uploads, and a module's words
     * copied to aligned storage when a program is made */
    uint8_t *scratch;
    size_t scratch_size;
    /* grown, never shrunk: a draw's rotated index list (first-vertex flat
     * values on a host with only the last-vertex convention) */
    uint32_t *rotated;
    size_t rotated_cap;
    /* transform feedback: a GL buffer per stream-out buffer (made on the
     * first captured draw) and its size */
    GLuint xfb_buf[MW_XFB_BUFFERS];
    uint32_t xfb_cap[MW_XFB_BUFFERS];
    GLint xfb_max_components; /* GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS (0: not asked yet) */
};

/* The draw's staging buffer of at least `size` bytes, or NULL. */
static uint8_t *scratch(mw_draw *d, size_t size)
{
    if (size > d->scratch_size) {
        uint8_t *p = realloc(d->scratch, size);
        if (!p)
            return NULL;
        d->scratch = p;
        d->scratch_size = size;
    }
    return d->scratch;
}

static void describe_program(void *user, GLuint program);

static glhle_result draw_state(mw_render *r)
{
    if (r->draw)
        return GLHLE_RESULT_OK;
    mw_draw *d = calloc(1, sizeof *d);
    if (!d)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for the draw path");
    mw_spirv_cache_init(&d->spirv);
    d->cbuf_dirty = MW_DIRTY_ALL; /* a new draw path (a lost context's) knows no binding yet */
    const GladGLContext *gl = &r->ctx->gl;
    gl->CreateVertexArrays(1, &d->vao);
    /* a new vertex array's attributes: disabled, each at its own binding */
    for (uint32_t a = 0; a < MW_VERTEX_ATTRIB_COUNT; a++)
        d->vao_attrib[a].binding = a;
    d->max_attribs = 16;
    gl->GetIntegerv(GL_MAX_VERTEX_ATTRIBS, &d->max_attribs);
    gl->CreateFramebuffers(1, &d->fbo);
    gl->CreateBuffers(MW_VERTEX_STREAM_COUNT, d->vbuf);
    gl->CreateBuffers(1, &d->ibuf);
    gl->CreateBuffers(MW_SPIRV_STAGE_COUNT_ * MW_GL_UBOS_PER_STAGE, &d->ubo[0][0]);
    GLint flags = 0;
    if (!r->ctx->info.gles)
        gl->GetIntegerv(GL_CONTEXT_FLAGS, &flags);
    d->forward_compatible = flags & GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT;
    if (gl_stream_create(r->ctx, GL_ARRAY_BUFFER, RING_BYTES, &d->ring) != GLHLE_RESULT_OK)
        GLHLE_WARN(r->io.log, "maxwell: no upload ring; each draw's streams go to stores of their own");
    GLint ubo_align = 0;
    gl->GetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &ubo_align);
    /* GL allows at most 256 (an implementation limit with a maximum value);
     * the ring takes a power of two */
    d->ubo_align = ubo_align > 0 && ubo_align <= 256 && !(ubo_align & (ubo_align - 1)) ? (size_t)ubo_align : 0;
    r->draw = d;
    const mw_shader_config *c = &r->shader;
    d->host = mw_program_host_bits(&r->ctx->info, false, r->shader.spirv && gl_caps_spirv(r->ctx));
    const gl_program_service_desc sd = {
        .system = mw_program_system(),
        .host = d->host,
        .max_programs = c->program_budget ? c->program_budget : MAX_PROGRAMS,
        .max_bytes = c->program_budget_bytes,
        .cache_dir = c->cache_dir,
        .cache_title = c->cache_title,
        .cache_max_bytes = c->cache_max_bytes,
        .after_link = describe_program,
        .user = r,
        /* deferring needs a worker to compile on: one when none was asked for */
        .compile_threads = c->compile_threads ? c->compile_threads : c->defer_draws ? 1u : 0u,
        .defer_misses = c->defer_draws,
    };
    glhle_result res = gl_program_service_create(r->ctx, &sd, &d->programs);
    if (res != GLHLE_RESULT_OK) {
        mw_draw_fini(r);
        return res;
    }
    return GLHLE_RESULT_OK;
}

void mw_draw_fini(mw_render *r)
{
    mw_draw *d = r->draw;
    if (!d)
        return;
    const GladGLContext *gl = &r->ctx->gl;
    gl_program_service_destroy(d->programs);
    gl_program_service_destroy(d->polygon_programs[0]);
    gl_program_service_destroy(d->polygon_programs[1]);
    gl_program_service_destroy(d->gs_programs);
    gl_program_service_destroy(d->tess_programs);
    gl->DeleteVertexArrays(1, &d->vao);
    gl->DeleteFramebuffers(1, &d->fbo);
    if (d->logic_dest)
        gl->DeleteTextures(1, &d->logic_dest);
    for (uint32_t i = 0; i <= MW_RT_COUNT; i++)
        if (d->layer_view[i])
            gl->DeleteTextures(1, &d->layer_view[i]);
    gl->DeleteBuffers(MW_VERTEX_STREAM_COUNT, d->vbuf);
    gl->DeleteBuffers(1, &d->ibuf);
    gl->DeleteBuffers(MW_SPIRV_STAGE_COUNT_ * MW_GL_UBOS_PER_STAGE, &d->ubo[0][0]);
    if (d->xfb_buf[0])
        gl->DeleteBuffers(MW_XFB_BUFFERS, d->xfb_buf);
    r->stats.upload_wraps += d->ring.wraps;
    r->stats.upload_fences += d->ring.fences_waited;
    r->stats.upload_waits += d->ring.waits;
    gl_stream_destroy(&d->ring);
    mw_spirv_cache_free(&d->spirv);
    for (uint32_t i = 0; i < MAX_CODES; i++)
        if (d->code[i].valid)
            mw_sass_code_free(&d->code[i].code);
    free(d->scratch);
    free(d->rotated);
    free(d->key);
    free(d);
    r->draw = NULL;
}

void mw_draw_upload_stats(const mw_render *r, uint64_t *wraps, uint64_t *fences, uint64_t *waits)
{
    *wraps = r->stats.upload_wraps + (r->draw ? r->draw->ring.wraps : 0);
    *fences = r->stats.upload_fences + (r->draw ? r->draw->ring.fences_waited : 0);
    *waits = r->stats.upload_waits + (r->draw ? r->draw->ring.waits : 0);
}

/* ---- programs ---- */

static bool io_read(void *user, uint64_t va, void *dst, size_t size)
{
    const mw_render *r = user;
    return r->io.read(r->io.user, va, dst, size);
}

void mw_draw_invalidate(mw_render *r, uint64_t va, uint64_t size)
{
    mw_draw *d = r->draw;
    if (!d)
        return;
    const uint64_t end = size > UINT64_MAX - va ? UINT64_MAX : va + size;
    for (uint32_t i = 0; i < MAX_CODES; i++)
        if (d->code[i].valid && d->code[i].lo < end && va < d->code[i].hi) {
            mw_sass_code_free(&d->code[i].code);
            d->code[i].valid = false;
            d->kc.valid = false;
        }
    for (uint32_t k = 0; k < KEY_RANGES; k++)
        if (d->kc.lo[k] < end && va < d->kc.hi[k])
            d->kc.valid = false;
    for (uint32_t s = 0; s < MW_SPIRV_STAGE_COUNT_; s++)
        for (uint32_t k = 0; k < MW_GL_UBOS_PER_STAGE; k++)
            if (d->ubo_held[s][k].va < end && va < d->ubo_held[s][k].va + d->ubo_held[s][k].size) {
                d->ubo_held[s][k].fresh = false;
                d->cbc.valid = false;
            }
}

bool mw_draw_overlaps(const mw_render *r, uint64_t va, uint64_t size)
{
    const mw_draw *d = r->draw;
    if (!d)
        return false;
    const uint64_t end = size > UINT64_MAX - va ? UINT64_MAX : va + size;
    for (uint32_t i = 0; i < MAX_CODES; i++)
        if (d->code[i].valid && d->code[i].lo < end && va < d->code[i].hi)
            return true;
    for (uint32_t k = 0; d->kc.valid && k < KEY_RANGES; k++)
        if (d->kc.lo[k] < end && va < d->kc.hi[k])
            return true;
    for (uint32_t s = 0; s < MW_SPIRV_STAGE_COUNT_; s++)
        for (uint32_t k = 0; k < MW_GL_UBOS_PER_STAGE; k++)
            if (d->ubo_held[s][k].fresh && d->ubo_held[s][k].va < end &&
                va < d->ubo_held[s][k].va + d->ubo_held[s][k].size)
                return true;
    return false;
}

static bool attach(mw_draw *d, const GladGLContext *gl, uint32_t slot, GLuint tex, GLenum point, GLint layer);
/* attach's layer for a 3D or array texture attached whole (layered) */
#define MW_LAYERED (-2)

/* Slot's layer view deleted (detached first, so the name the shadow
 * holds is never a deleted one's). */
static void drop_layer_view(mw_render *r, uint32_t slot)
{
    mw_draw *d = r->draw;
    if (!d->layer_view[slot])
        return;
    if (d->attached[slot] == d->layer_view[slot])
        attach(d, &r->ctx->gl, slot, 0, 0, -1);
    r->ctx->gl.DeleteTextures(1, &d->layer_view[slot]);
    d->layer_view[slot] = d->layer_view_of[slot] = 0;
}

void mw_draw_forget_texture(mw_render *r, GLuint tex)
{
    mw_draw *d = r->draw;
    if (!d)
        return;
    for (uint32_t i = 0; i <= MW_RT_COUNT; i++)
        if (d->layer_view[i] && d->layer_view_of[i] == tex)
            drop_layer_view(r, i);
    if (!d->fbo_known)
        return;
    for (uint32_t i = 0; i <= MW_RT_COUNT; i++)
        if (d->attached[i] == tex)
            attach(d, &r->ctx->gl, i, 0, 0, -1);
}

uint64_t mw_draw_fetches(const mw_render *r)
{
    return r->draw ? r->draw->fetches : 0;
}

/* The program at `va` (its SPH first): the kept copy, or fetched and kept
 * (the least recently used copy makes room). */
static glhle_result program_code(mw_render *r, uint64_t va, mw_draw_code **out)
{
    mw_draw *d = r->draw;
    mw_draw_code *slot = &d->code[0];
    for (uint32_t i = 0; i < MAX_CODES; i++) {
        mw_draw_code *c = &d->code[i];
        if (c->valid && c->va == va) {
            c->last_use = ++d->tick;
            *out = c;
            return GLHLE_RESULT_OK;
        }
        if (!c->valid || (slot->valid && c->last_use < slot->last_use))
            slot = c;
    }
    const mw_sass_fetch_desc fd = {.read = io_read, .user = r, .address = va, .has_sph = true, .log = r->io.log};
    mw_sass_code code;
    glhle_result res = mw_sass_fetch(&fd, &code);
    if (res != GLHLE_RESULT_OK)
        return res;
    d->fetches++;
    if (slot->valid)
        mw_sass_code_free(&slot->code);
    *slot = (mw_draw_code){.va = va, .lo = va, .hi = va + 0x50 + (uint64_t)code.count * 8, .gen = ++d->tick,
                           .code = code, .last_use = d->tick, .valid = true};
    *out = slot;
    return GLHLE_RESULT_OK;
}

static uint8_t value_type_of_rt(const mw_rt_format *f)
{
    return f && f->cls == MW_RT_UINT ? MW_VAL_UINT : f && f->cls == MW_RT_SINT ? MW_VAL_SINT : MW_VAL_FLOAT;
}

/* Where each stage's 32 texture handles are in the handle buffer: the
 * deko3d/uam driver-constant layout (testdata/maxwell/README "The c0
 * layout": a 0x1A0-byte block per stage at 0x010, 0x1B0, 0x350, 0x4F0,
 * 0x690). The translator numbers a texture by its handle's place in that
 * block; NVN titles put the table elsewhere, which would be a parameter of
 * the instance. */
static const uint32_t handle_base[MW_SPIRV_STAGE_COUNT_] = {0x010, 0x1b0, 0x350, 0x4f0, 0x690, 0x0a0};
/* ... and its 8 image handles after them, at +0x80 (the same README) */
#define IMG_TABLE 0x80u


/* Widens key range k by [va, va + size). */
static void key_range(key_cache *kc, uint32_t k, uint64_t va, uint64_t size)
{
    const uint64_t end = size > UINT64_MAX - va ? UINT64_MAX : va + size;
    if (kc->lo[k] >= kc->hi[k]) {
        kc->lo[k] = va;
        kc->hi[k] = end;
    } else {
        kc->lo[k] = va < kc->lo[k] ? va : kc->lo[k];
        kc->hi[k] = end > kc->hi[k] ? end : kc->hi[k];
    }
}

static void read_textures(mw_render *r, const mw_state *st, mw_spirv_stage stage, uint32_t slots,
                          const mw_spirv_tex_source *src, stage_textures *t)
{
    key_cache *kc = &r->draw->kc;
    memset(t, 0, sizeof *t);
    const mw_tex_pools pools = {st->tex.tic_address, st->tex.tsc_address, st->tex.tic_max_index,
                                st->tex.tsc_max_index, st->tex.sampler_binding != 0};
    for (uint32_t s = 0; s < MW_SPIRV_TEX_SLOTS; s++) {
        if (!(slots >> s & 1))
            continue;
        /* the handle buffer's word for the slot, or where a bindless
         * handle of its own is (mw_spirv_reachable_textures) */
        const uint32_t slot = src[s].moved ? src[s].cbuf : st->tex.bindless_cbuf_slot;
        const uint32_t off = src[s].moved ? src[s].offset : handle_base[stage] + 4 * s;
        if (slot >= MW_CBUF_SLOTS)
            continue;
        const mw_cbuf_binding *b = &st->cbuf.bind[stage][slot];
        kc->cbuf_used[stage] |= 1u << slot;
        kc->cbuf[stage][slot] = *b;
        uint32_t h;
        if (!b->valid || off > b->size || b->size - off < 4)
            continue;
        key_range(kc, KEY_HANDLES, b->address + off, 4); /* read or not (unmapped): a write or map changes it */
        if (!r->io.read(r->io.user, b->address + off, &h, 4))
            continue;
        /* the entries mw_texture_handle_read reads (its index fields) */
        const uint32_t ti = h & 0xFFFFF, si = pools.sampler_via_header ? ti : h >> 20;
        key_range(kc, KEY_TIC, pools.tic_address + (uint64_t)ti * 32, 32);
        key_range(kc, KEY_TSC, pools.tsc_address + (uint64_t)si * 32, 32);
        t->kind[s] = mw_texture_handle_read(r, &pools, h, t->tic[s], t->tsc[s], &t->tic_index[s]);
    }
}

/* The storage images a stage's code names: each slot's handle at
 * c[SET_BINDLESS_TEXTURE][stage's table + 0x80 + 4 slot], its header in
 * the 3D engine's pool (images.h), its format into the key; a slot that
 * is only one reading of a SUATOM's handle field (mw_spirv_reachable_images)
 * is left unbound when it names no image. The handles and headers read
 * are key ranges, as the textures' are. */
static glhle_result read_images(mw_render *r, const mw_state *st, mw_spirv_stage stage, const mw_draw_code *c,
                                mw_spirv_key *key)
{
    static const char *const who[MW_SPIRV_STAGE_COUNT_] = {"draw's vertex stage", "draw's tessellation control "
                                                           "stage", "draw's tessellation evaluation stage",
                                                           "draw's geometry stage", "draw's pixel stage", "?"};
    key_cache *kc = &r->draw->kc;
    const glhle_logger mute = {r->io.log ? r->io.log->fn : NULL, r->io.log ? r->io.log->user : NULL,
                               (glhle_log_level)(GLHLE_LOG_ERROR + 1)};
    const uint32_t hb = st->tex.bindless_cbuf_slot;
    for (uint32_t s = 0; s < MW_SPIRV_IMG_SLOTS; s++) {
        if (!(c->img_slots >> s & 1))
            continue;
        const bool maybe = c->img_maybe >> s & 1;
        const glhle_logger *lg = maybe ? &mute : r->io.log;
        if (kc->img_mask >> s & 1)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: %s: image %u is also another stage's "
                              "image %u: every stage's slot S is image unit S here; not drawn", who[stage], s, s);
        const uint32_t off = key->img_handle_offset + 4 * s;
        const mw_cbuf_binding *b = hb < MW_CBUF_SLOTS ? &st->cbuf.bind[stage][hb] : NULL;
        uint32_t h = 0;
        glhle_result res = GLHLE_RESULT_OK;
        if (b) {
            kc->cbuf_used[stage] |= 1u << hb;
            kc->cbuf[stage][hb] = *b;
        }
        if (!b || !b->valid || off > b->size || b->size - off < 4)
            res = GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "maxwell: %s: image %u's handle at c%u[0x%x] is not in a "
                             "bound constant buffer", who[stage], s, hb, off);
        if (res == GLHLE_RESULT_OK) {
            key_range(kc, KEY_HANDLES, b->address + off, 4);
            if (!r->io.read(r->io.user, b->address + off, &h, 4))
                res = GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: %s: image %u's handle at c%u[0x%x] "
                                 "(GPU 0x%010llx) is not mapped", who[stage], s, hb, off,
                                 (unsigned long long)(b->address + off));
        }
        if (res == GLHLE_RESULT_OK) {
            key_range(kc, KEY_TIC, st->tex.tic_address + (uint64_t)(h & 0xFFFFF) * 32, 32);
            res = mw_image_plan(r, lg, who[stage], s, h, hb, off, st->tex.tic_address, st->tex.tic_max_index,
                                &kc->img[s]);
        }
        if (res != GLHLE_RESULT_OK && maybe) {
            memset(&kc->img[s], 0, sizeof kc->img[s]); /* the translation reads the field another way */
            continue;
        }
        if (res != GLHLE_RESULT_OK)
            return res;
        key->img[s] = kc->img[s].key_format;
        kc->img_mask |= 1u << s;
        kc->img_raw |= (c->img_raw >> s & 1) << s;
    }
    return GLHLE_RESULT_OK;
}

/* Whether a uniform of this type is a sampler the translator declares
 * (maxwell_spirv.h's texture kinds: float, shadow, integer). */
static bool sampler_type(GLenum t)
{
    switch (t) {
    case GL_SAMPLER_1D: case GL_SAMPLER_2D: case GL_SAMPLER_3D: case GL_SAMPLER_CUBE:
    case GL_SAMPLER_1D_ARRAY: case GL_SAMPLER_2D_ARRAY: case GL_SAMPLER_CUBE_MAP_ARRAY:
    case GL_SAMPLER_1D_SHADOW: case GL_SAMPLER_2D_SHADOW: case GL_SAMPLER_CUBE_SHADOW:
    case GL_SAMPLER_1D_ARRAY_SHADOW: case GL_SAMPLER_2D_ARRAY_SHADOW: case GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW:
    case GL_INT_SAMPLER_1D: case GL_INT_SAMPLER_2D: case GL_INT_SAMPLER_3D: case GL_INT_SAMPLER_CUBE:
    case GL_INT_SAMPLER_1D_ARRAY: case GL_INT_SAMPLER_2D_ARRAY: case GL_INT_SAMPLER_CUBE_MAP_ARRAY:
    case GL_UNSIGNED_INT_SAMPLER_1D: case GL_UNSIGNED_INT_SAMPLER_2D: case GL_UNSIGNED_INT_SAMPLER_3D:
    case GL_UNSIGNED_INT_SAMPLER_CUBE: case GL_UNSIGNED_INT_SAMPLER_1D_ARRAY:
    case GL_UNSIGNED_INT_SAMPLER_2D_ARRAY: case GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY:
    case GL_SAMPLER_2D_MULTISAMPLE: case GL_INT_SAMPLER_2D_MULTISAMPLE: case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE:
    case GL_SAMPLER_2D_MULTISAMPLE_ARRAY: case GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
    case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY: return true;
    default: return false;
    }
}

static mw_draw_program *info_slot(mw_draw *d, GLuint program)
{
    for (uint32_t i = (program * 2654435761u) & (INFO_SLOTS - 1);; i = (i + 1) & (INFO_SLOTS - 1))
        if (d->info[i].program == program || d->info[i].program == 0)
            return &d->info[i];
}

/* Which texture units the program samples (the binding layout
 * puts stage s's slot S at unit 16 s + S, maxwell_spirv.h) and its
 * base-instance uniform, from the linked program. */
static void fill_info(mw_render *r, GLuint program)
{
    mw_draw *d = r->draw;
    const GladGLContext *gl = &r->ctx->gl;
    if (d->info_count >= INFO_SLOTS / 2) { /* names of deleted programs pile up: start again */
        memset(d->info, 0, sizeof d->info);
        d->info_count = 0;
    }
    mw_draw_program *p = info_slot(d, program);
    if (!p->program)
        d->info_count++;
    *p = (mw_draw_program){.program = program, .instance_loc = -1};
    GLint n = 0;
    gl->GetProgramInterfaceiv(program, GL_UNIFORM, GL_ACTIVE_RESOURCES, &n);
    for (GLint i = 0; i < n; i++) {
        const GLenum props[2] = {GL_TYPE, GL_LOCATION};
        GLint v[2] = {0, -1};
        gl->GetProgramResourceiv(program, GL_UNIFORM, (GLuint)i, 2, props, 2, NULL, v);
        if (!sampler_type((GLenum)v[0]) || v[1] < 0)
            continue;
        GLint unit = -1;
        gl->GetUniformiv(program, v[1], &unit);
        const uint32_t stage = (uint32_t)unit / MW_GL_TEXTURES_PER_STAGE, slot = (uint32_t)unit % MW_GL_TEXTURES_PER_STAGE;
        /* the key's order of the translator's stages */
        static const int index[MW_SPIRV_COMPUTE] = {MW_PROGRAM_VS, MW_PROGRAM_TCS, MW_PROGRAM_TES, MW_PROGRAM_GS,
                                                    MW_PROGRAM_FS};
        if (unit >= 0 && stage < MW_SPIRV_COMPUTE)
            p->tex_mask[index[stage]] |= 1u << slot;
    }
    p->instance_loc = gl->GetUniformLocation(program, "SPIRV_Cross_BaseInstance");
    p->viewport_flip = gl->GetUniformLocation(program, "mw_viewport_flip") >= 0;
    p->layer_base = gl->GetUniformLocation(program, "mw_layer_base") >= 0;
    if (r->ctx->info.gles) {
        p->es_point_size = gl->GetUniformLocation(program, "mw_point_size") >= 0;
        p->es_logic_op = gl->GetUniformLocation(program, "mw_logic") >= 0;
        p->polygon_gs = gl->GetUniformLocation(program, "mw_poly_cull") >= 0;
    }
}

static void describe_program(void *user, GLuint program)
{
    mw_render *r = user;
    fill_info(r, program);
    r->stats.programs++;
}

/* How the vertex program fetches an attribute (maxwell_spirv.h MW_FETCH_*):
 * the layouts GL's formats cannot say as one word it unpacks -- 10:10:10:2
 * with an integer type (VertexAttribIFormat takes no packed type), and
 * 11:11:10, which ES has no vertex type for (ES 3.2 10.3.1), on every
 * host so that the key does not depend on it. */
static uint32_t attr_fetch(const mw_vertex_attrib *a)
{
    if (a->size == 0x30 && (a->type == 3 || a->type == 4))
        return a->type == 3 ? MW_FETCH_S10_10_10_2 : MW_FETCH_U10_10_10_2;
    if (a->size == 0x31)
        return MW_FETCH_UF11_11_10;
    return MW_FETCH_FORMAT;
}

/* The walk of a fetched copy *c from its entry, once per copy (and handle
 * table): its reachable words and the texture and image slots its code
 * names. The walk depends on the code alone, the slots also on the table's
 * offset and, through the bindless forms' handles (TEX.B: a
 * constant-buffer word loaded into a register, the table's slot when it is
 * one of its words), its buffer. One walk for vertex A and every stage, so
 * a copy walked as one is complete for the other. */
static void walk_code(mw_draw_code *c, const mw_spirv_input *in)
{
    if (c->reach_known && c->tex_offset == in->key.tex_handle_offset && c->tex_cbuf == in->key.tex_handle_cbuf)
        return;
    c->reach = (uint32_t)mw_spirv_reachable_textures(in, &c->tex_slots, c->tex_src);
    c->img_slots = c->img_maybe = c->img_raw = 0;
    if (c->reach)
        mw_spirv_reachable_image_access(in, &c->img_slots, &c->img_maybe, &c->img_raw);
    c->tex_offset = in->key.tex_handle_offset;
    c->tex_cbuf = in->key.tex_handle_cbuf;
    c->reach_known = true;
}

/* One stage's translation input: its code (fetched or kept, `gen` naming
 * the copy), header (into sph) and key; the headers and samplers its
 * texture handles name go to `t`. */
static glhle_result stage_input(mw_render *r, const mw_state *st, uint32_t pipeline, mw_spirv_stage stage,
                                uint8_t prim_in, mw_spirv_input *in_, uint8_t sph[0x50], mw_draw_code **code,
                                stage_textures *t)
{
    const mw_pipeline_stage *ps = &st->program.stage[pipeline];
    mw_draw_code *c;
    glhle_result res = program_code(r, st->program.region + ps->offset, &c);
    if (res != GLHLE_RESULT_OK)
        return res;
    *code = c;
    mw_spirv_input in;
    memset(&in, 0, sizeof in);
    in.code = c->code.words;
    in.words = c->code.count;
    memcpy(sph, c->code.sph.words, 0x50);
    in.sph = sph;
    in.key.stage = (uint8_t)stage;
    in.key.prim_in = stage == MW_SPIRV_GEOMETRY ? prim_in : 0;
    /* SET_TESSELLATION_PARAMETERS as the translator takes it (maxwell_spirv.h MW_TESS_MODE) */
    in.key.tess_mode = stage == MW_SPIRV_TESS_EVAL ? MW_TESS_MODE(st->program.tess_parameters) : 0;
    in.key.tex_handle_cbuf = (uint8_t)st->tex.bindless_cbuf_slot;
    in.key.tex_handle_offset = handle_base[stage];
    in.tex_1d_as_2d = gl_caps_texture_1d_as_2d(r->ctx); /* as the program's text will have it (programs.h) */
    in.no_subgroups = !r->ctx->info.subgroups;         /* likewise (programs.c stage_text) */
    in.viewport_layer_array = r->ctx->info.viewport_layer_array; /* likewise */
    if (stage == MW_SPIRV_VERTEX)
        for (uint32_t a = 0; a < MW_VERTEX_ATTRIB_COUNT; a++) {
            const uint8_t ty = st->attrib[a].type;
            in.key.attr_type[a] = MW_ATTR(ty == 3 ? MW_VAL_SINT : ty == 4 ? MW_VAL_UINT : MW_VAL_FLOAT,
                                          attr_fetch(&st->attrib[a]), st->attrib[a].bgra);
        }
    else if (stage == MW_SPIRV_FRAGMENT) {
        for (uint32_t i = 0; i < MW_RT_COUNT; i++)
            in.key.rt_type[i] = value_type_of_rt(mw_rt_color_format(st->rt.ct[st->rt.map[i]].format));
        in.key.frag_coord_scale = (uint8_t)(r->scale > 1 ? r->scale : 0);
    }
    in.key.img_handle_offset = handle_base[stage] + IMG_TABLE;
    walk_code(c, &in);
    read_textures(r, st, stage, c->tex_slots, c->tex_src, t);
    memcpy(in.key.tex, t->kind, sizeof in.key.tex);
    /* a program without images keeps the key it had before draws bound them */
    if (!c->img_slots)
        in.key.img_handle_offset = 0;
    res = read_images(r, st, stage, c, &in.key);
    *in_ = in;
    return res;
}

/* Vertex A (SET_PIPELINE_SHADER(0)) joined into vertex B's input *vb
 * (maxwell_spirv.h mw_spirv_input.a_code: one vertex stage, A first, its
 * generic outputs B's inputs), its code and header fetched and walked as
 * stage_input does; *a_words its reachable words. Both programs read the
 * vertex stage's constant buffers and texture handles (yuzu
 * video_core/shader_environment.cpp GraphicsEnvironment: VertexA and
 * VertexB both stage_index 0); a vertex-A program that samples textures
 * is refused, the handles being read for vertex B's slots alone. */
static glhle_result vertex_a_input(mw_render *r, const mw_state *st, mw_spirv_input *vb, uint8_t sph[0x50],
                                   uint32_t *a_words)
{
    mw_draw_code *c;
    glhle_result res = program_code(r, st->program.region + st->program.stage[0].offset, &c);
    if (res != GLHLE_RESULT_OK)
        return res;
    memcpy(sph, c->code.sph.words, 0x50);
    mw_spirv_input a = *vb;
    a.code = c->code.words;
    a.words = c->code.count;
    a.sph = sph;
    a.xfb = NULL;
    a.key.img_handle_offset = a.key.tex_handle_offset + IMG_TABLE; /* as stage_input walks (vb's may be 0) */
    walk_code(c, &a);
    if (c->tex_slots)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: draw with a vertex-A program that samples "
                          "textures (handle slots 0x%08x): not supported; not drawn", c->tex_slots);
    vb->a_code = c->code.words;
    vb->a_words = c->code.count;
    vb->a_sph = sph;
    *a_words = c->reach;
    return GLHLE_RESULT_OK;
}

/* The service in *slot, made on first use with `system` and `host`: the
 * programs of the polygon modes (compiled on the draw that needs one, no
 * disk cache) and, `stored`, of the guest's geometry and tessellation
 * stages: their own files beside the two-stage programs'
 * (DIR/TITLE.maxwell-gs.glsc, .maxwell-tess.glsc), compile workers and
 * deferred draws as the two-stage service has. */
static glhle_result lazy_service(mw_render *r, const gl_program_system *system, uint32_t host, bool stored,
                                 gl_program_service **slot, gl_program_service **out)
{
    if (!*slot) {
        const mw_shader_config *c = &r->shader;
        const gl_program_service_desc sd = {
            .system = system,
            .host = host,
            .max_programs = c->program_budget ? c->program_budget : MAX_PROGRAMS,
            .max_bytes = c->program_budget_bytes,
            .cache_dir = stored ? c->cache_dir : NULL,
            .cache_title = c->cache_title,
            .cache_max_bytes = c->cache_max_bytes,
            .after_link = describe_program,
            .user = r,
            .compile_threads = !stored ? 0u : c->compile_threads ? c->compile_threads : c->defer_draws ? 1u : 0u,
            .defer_misses = stored && c->defer_draws,
        };
        glhle_result res = gl_program_service_create(r->ctx, &sd, slot);
        if (res != GLHLE_RESULT_OK)
            return res;
    }
    *out = *slot;
    return GLHLE_RESULT_OK;
}

/* The service of the polygon mode programs for `polygon`
 * (MW_PROGRAM_HOST_POLYGON_LINE or _POINT). */
static glhle_result polygon_service(mw_render *r, uint32_t polygon, gl_program_service **out)
{
    mw_draw *d = r->draw;
    return lazy_service(r, mw_program_polygon_system(), d->host | polygon, false,
                        &d->polygon_programs[polygon == MW_PROGRAM_HOST_POLYGON_POINT], out);
}

/* The service of the programs with the guest's geometry stage or its
 * tessellation stages (`tess`). */
static glhle_result vtg_service(mw_render *r, bool tess, gl_program_service **out)
{
    mw_draw *d = r->draw;
    return tess ? lazy_service(r, mw_program_tess_system(), d->host, true, &d->tess_programs, out)
                : lazy_service(r, mw_program_guest_gs_system(), d->host, true, &d->gs_programs, out);
}

static GLenum polygon_mode_of(uint32_t v);

/* The geometry input primitive (MW_PRIM_IN_*) of a BEGIN_OP topology
 * (topology_of's numbering): the vertices each geometry invocation gets, as
 * GL's geometry input layouts group them (GL 4.6 11.3.4.1: strips, loops
 * and fans give their primitives' vertices). 0xff for PATCH, which reaches
 * the geometry stage only through tessellation. */
static uint8_t prim_in_of(uint32_t topology)
{
    static const uint8_t m[15] = {MW_PRIM_IN_POINTS,        MW_PRIM_IN_LINES,         MW_PRIM_IN_LINES,
                                  MW_PRIM_IN_LINES,         MW_PRIM_IN_TRIANGLES,     MW_PRIM_IN_TRIANGLES,
                                  MW_PRIM_IN_TRIANGLES,     0xff, 0xff, 0xff,         MW_PRIM_IN_LINES_ADJ,
                                  MW_PRIM_IN_LINES_ADJ,     MW_PRIM_IN_TRIANGLES_ADJ, MW_PRIM_IN_TRIANGLES_ADJ,
                                  0xff};
    return topology < 15 ? m[topology] : 0xff;
}

/* The draw's program: looked up by its key (programs.h: every stage's
 * reachable code, headers and translation keys); a miss is translated here
 * first (through the translation cache), so a program the translator
 * refuses fails with the translator's reason as before, then the service
 * makes it: from the disk cache's binary for this driver, or compiled.
 * `polygon` (0 or MW_PROGRAM_HOST_POLYGON_*): the same key's program with
 * the polygon mode geometry stage, from its own service. A draw with the
 * guest's geometry stage (SET_PIPELINE_SHADER(4)) or its tessellation
 * stages ((2) TESSELLATION_INIT, the control stage, and (3) TESSELLATION,
 * the evaluation stage) gets its program from their services, the
 * geometry stage keyed with `prim_in` (the draw's topology, or what the
 * tessellator emits), the evaluation stage with SET_TESSELLATION_PARAMETERS;
 * *raster_mode becomes the GL primitive they rasterize (the geometry
 * stage's output topology, SPH byte 0x0f bits 0-3: points, line strip,
 * triangle strip; else the tessellator's OUTPUT_PRIMITIVES), else stays
 * the draw's. */
/* The draw's program info (its GL name resident), with the texture slots
 * its stages sample. */
static const mw_draw_program *program_info(mw_render *r, GLuint prog, uint32_t tex_mask[MW_PROGRAM_STAGES])
{
    mw_draw *d = r->draw;
    mw_draw_program *info = info_slot(d, prog);
    if (!info->program) /* forgotten when the table was cleared */
        fill_info(r, prog);
    info = info_slot(d, prog);
    for (int i = 0; i < MW_PROGRAM_STAGES; i++)
        tex_mask[i] = info->tex_mask[i];
    return info;
}

/* Whether the key cache holds this draw's key (key_cache): nothing it was
 * built from changed. Clears the dirty groups proven unchanged. */
static bool key_reusable(mw_render *r, const mw_state *st, uint32_t polygon, uint8_t prim_in)
{
    key_cache *kc = &r->draw->kc;
    if (!kc->valid || kc->dirty & KEY_GROUPS || kc->scale != r->scale || kc->polygon != polygon)
        return false;
    if (kc->vtg && (kc->prim_in != prim_in || kc->polygon_mode_front != st->raster.polygon_mode_front))
        return false;
    if (kc->dirty & MW_DIRTY(CONST_BUFFER)) {
        for (uint32_t s = 0; s < MW_SPIRV_STAGE_COUNT_; s++)
            for (uint32_t m = kc->cbuf_used[s]; m; m &= m - 1) {
                const uint32_t slot = (uint32_t)__builtin_ctz(m);
                const mw_cbuf_binding *a = &kc->cbuf[s][slot], *b = &st->cbuf.bind[s][slot];
                if (a->valid != b->valid || a->address != b->address || a->size != b->size)
                    return false;
            }
        kc->dirty &= ~MW_DIRTY(CONST_BUFFER);
    }
    return true;
}

static glhle_result get_program(mw_render *r, const mw_state *st, uint32_t polygon, uint8_t prim_in,
                                const mw_spirv_xfb *xfb, const mw_draw_program **out, GLenum *raster_mode,
                                bool *layered, bool *viewports, uint32_t tex_mask[MW_PROGRAM_STAGES])
{
    mw_draw *d = r->draw;
    key_cache *kc = &d->kc;
    GLuint prog = 0;
    glhle_result res = GLHLE_RESULT_OK;
    if (key_reusable(r, st, polygon, prim_in) &&
        gl_program_service_find_hashed(kc->service, d->key, kc->key_size, kc->hash, &kc->found, &prog, &res) &&
        res == GLHLE_RESULT_OK &&
        prog) {
        if (kc->vtg)
            *raster_mode = kc->raster_mode;
        *layered = kc->layered;
        *viewports = kc->viewports;
        /* a GL name is one program's while it lives, and an info slot that
         * still names it describes it (fill_info) */
        if (!kc->info || kc->info->program != prog)
            kc->info = program_info(r, prog, tex_mask);
        else
            memcpy(tex_mask, kc->info->tex_mask, sizeof kc->info->tex_mask);
        *out = kc->info;
        return GLHLE_RESULT_OK;
    }
    /* built again from here, the state as it is now (the groups' changes
     * so far consumed): what it reads is recorded as it is read, and kept
     * only when the lookup succeeds */
    const uint8_t prim_arg = prim_in;
    stage_textures *tex = kc->tex;
    res = GLHLE_RESULT_OK;
    kc->valid = false;
    kc->found.valid = false;
    kc->info = NULL;
    kc->dirty = 0;
    memset(kc->cbuf_used, 0, sizeof kc->cbuf_used);
    kc->img_mask = kc->img_raw = 0;
    memset(kc->lo, 0, sizeof kc->lo);
    memset(kc->hi, 0, sizeof kc->hi);
    const bool vertex_a = st->program.stage[0].enable;
    if (vertex_a && !st->program.stage[1].enable)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: draw with a vertex-A program "
                          "(SET_PIPELINE_SHADER(0)) and no vertex-B program: vertex A runs only joined before vertex "
                          "B, which reads its outputs; not drawn");
    if (!st->program.stage[1].enable || !st->program.stage[5].enable)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: draw without a vertex-B or a pixel program");
    const bool tess = st->program.stage[2].enable || st->program.stage[3].enable;
    if (tess && !(st->program.stage[2].enable && st->program.stage[3].enable))
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: draw with one tessellation stage of the "
                          "two (TESSELLATION_INIT %s, TESSELLATION %s): GL has no such pipeline; not drawn",
                          st->program.stage[2].enable ? "on" : "off", st->program.stage[3].enable ? "on" : "off");
    /* OUTPUT_PRIMITIVES (clb197.h SET_TESSELLATION_PARAMETERS 9:8): POINTS,
     * LINES, TRIANGLES_CW, TRIANGLES_CCW */
    const uint32_t tess_out = st->program.tess_parameters >> 8 & 3;
    if (tess)
        prim_in = tess_out == 0 ? MW_PRIM_IN_POINTS : tess_out == 1 ? MW_PRIM_IN_LINES : MW_PRIM_IN_TRIANGLES;
    const bool geometry = st->program.stage[4].enable;
    if (geometry && prim_in >= MW_PRIM_IN_COUNT_)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: draw with a geometry stage and a topology "
                          "it cannot take without tessellation (PATCH): not drawn");
    /* pipeline stage and translator stage of each key stage (MW_PROGRAM_* order) */
    static const uint32_t pipe[MW_PROGRAM_STAGES] = {1, 5, 4, 2, 3};
    static const mw_spirv_stage spv[MW_PROGRAM_STAGES] = {MW_SPIRV_VERTEX, MW_SPIRV_FRAGMENT, MW_SPIRV_GEOMETRY,
                                                          MW_SPIRV_TESS_CTRL, MW_SPIRV_TESS_EVAL};
    const bool has[MW_PROGRAM_STAGES] = {true, true, geometry, tess, tess};
    mw_spirv_input in[MW_PROGRAM_STAGES];
    uint8_t sph[MW_PROGRAM_STAGES][0x50];
    mw_draw_code *code[MW_PROGRAM_STAGES] = {NULL};
    /* an absent stage's tex[] stays as it is: its tex_mask (the program's) is 0 */
    for (int i = 0; i < MW_PROGRAM_STAGES && res == GLHLE_RESULT_OK; i++)
        if (has[i])
            res = stage_input(r, st, pipe[i], spv[i], prim_in, &in[i], sph[i], &code[i], &tex[i]);
    uint8_t sph_a[0x50];
    uint32_t a_words = 0;
    if (res == GLHLE_RESULT_OK && vertex_a)
        res = vertex_a_input(r, st, &in[MW_PROGRAM_VS], sph_a, &a_words);
    if (res != GLHLE_RESULT_OK)
        return res;
    /* the last vertex-pipeline stage writes the layer: OmapSystemValuesB
     * RT_ARRAY_INDEX (SPH byte 0x35, open-gpu-doc Shader-Program-Header) */
    const int last = geometry ? MW_PROGRAM_GS : tess ? MW_PROGRAM_TES : MW_PROGRAM_VS;
    *layered = sph[last][0x35] & MW_SPH_SYSB_RT_ARRAY_INDEX;
    /* and the viewport index (VIEWPORT_INDEX): GL's viewport arrays (GL
     * 4.1), which OpenGL ES 3.2 has not (OES_viewport_array is not used) */
    *viewports = sph[last][0x35] & MW_SPH_SYSB_VIEWPORT_INDEX;
    if (*viewports && r->ctx->info.gles)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: draw whose %s stage writes the viewport "
                          "index: OpenGL ES has no viewport arrays; not drawn", geometry ? "geometry" : tess
                          ? "tessellation" : "vertex");
    if (geometry) {
        const uint32_t topology = sph[MW_PROGRAM_GS][0x0f] & 0xf;
        *raster_mode = topology == MW_SPIRV_TOPOLOGY_POINTS       ? GL_POINTS
                       : topology == MW_SPIRV_TOPOLOGY_LINE_STRIP ? GL_LINE_STRIP
                       : topology == MW_SPIRV_TOPOLOGY_TRIANGLE_STRIP ? GL_TRIANGLE_STRIP
                                                                      : *raster_mode;
    } else if (tess) {
        *raster_mode = tess_out == 0 ? GL_POINTS : tess_out == 1 ? GL_LINES : GL_TRIANGLES;
    }
    /* polygon mode applies to what these stages emit (GL 4.6 14.6.4);
     * where the host has none (ES), the draw path's own geometry stage
     * would draw it, and there is only one */
    if ((geometry || tess) && (*raster_mode == GL_TRIANGLES || *raster_mode == GL_TRIANGLE_STRIP) &&
        gl_caps_polygon_mode_by_gs(r->ctx) && polygon_mode_of(st->raster.polygon_mode_front) != GL_FILL)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: draw with a %s stage in polygon mode LINE "
                          "or POINT: not supported here, where the draw path's own geometry stage draws that mode "
                          "(no glPolygonMode) and cannot be the guest's too",
                          geometry ? "geometry" : "tessellation");
    const uint8_t *spirv;
    size_t size;
    const mw_spirv_input *key_in[MW_PROGRAM_STAGES] = {NULL};
    uint32_t words[MW_PROGRAM_STAGES] = {0};
    for (int i = 0; i < MW_PROGRAM_STAGES; i++) {
        if (!has[i])
            continue;
        if (!code[i]->reach || code[i]->reach > MW_PROGRAM_MAX_STAGE_WORDS)
            return mw_spirv_cache_get(&d->spirv, &in[i], r->io.log, &spirv, &size); /* the translator's refusal */
        key_in[i] = &in[i];
        words[i] = code[i]->reach;
    }
    if (vertex_a && (!a_words || a_words > MW_PROGRAM_MAX_STAGE_WORDS))
        return mw_spirv_cache_get(&d->spirv, &in[MW_PROGRAM_VS], r->io.log, &spirv, &size); /* the refusal */
    const size_t key_size = mw_program_key_bytes(words, a_words, xfb != NULL);
    if (key_size > MW_PROGRAM_KEY_MAX_BYTES)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell: a program of %zu key bytes (its stages' "
                          "reachable code): more than the %u a program may have; not drawn", key_size,
                          MW_PROGRAM_KEY_MAX_BYTES);
    if (key_size > d->key_cap) {
        uint8_t *k = realloc(d->key, key_size);
        if (!k)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for a program key");
        d->key = k;
        d->key_cap = key_size;
    }
    /* the layout goes into the key alone: the translations checked above
     * and below (mw_spirv_cache_get) are the stages' without it, whose
     * refusals are the same (xfb_layout checked what it adds) */
    in[last].xfb = xfb;
    mw_program_key_fill(d->key, key_in, words, a_words);
    in[last].xfb = NULL;
    gl_program_service *service = d->programs;
    if (polygon && (res = polygon_service(r, polygon, &service)) != GLHLE_RESULT_OK)
        return res;
    if ((geometry || tess) && (res = vtg_service(r, tess, &service)) != GLHLE_RESULT_OK)
        return res;
    const size_t lookup_size = gl_program_service_key_size(service, d->key);
    const uint64_t hash = gl_program_service_key_hash(service, d->key);
    if (!gl_program_service_find_hashed(service, d->key, lookup_size, hash, &kc->found, &prog, &res)) {
        for (int i = 0; i < MW_PROGRAM_STAGES && res == GLHLE_RESULT_OK; i++)
            if (has[i])
                res = mw_spirv_cache_get(&d->spirv, &in[i], r->io.log, &spirv, &size);
        if (res == GLHLE_RESULT_OK)
            res = gl_program_service_get(service, d->key, &prog);
    }
    if (res != GLHLE_RESULT_OK)
        return res;
    if (!prog) { /* deferred (shader_defer_draws): compiling on a worker */
        *out = NULL;
        return GLHLE_RESULT_OK;
    }
    /* kept only after a lookup that found or made its program (a failed
     * or deferred one is built again by the next draw) */
    kc->valid = true;
    kc->service = service;
    kc->hash = hash;
    kc->key_size = lookup_size;
    kc->scale = r->scale;
    kc->polygon = polygon;
    kc->vtg = geometry || tess;
    kc->prim_in = prim_arg;
    kc->polygon_mode_front = st->raster.polygon_mode_front;
    kc->raster_mode = *raster_mode;
    kc->layered = *layered;
    kc->viewports = *viewports;
    *out = kc->info = program_info(r, prog, tex_mask);
    return GLHLE_RESULT_OK;
}

/* ---- vertex input ---- */

typedef struct attr_fmt {
    GLint size;
    GLenum type;
    uint32_t bytes;
} attr_fmt;

/* COMPONENT_BIT_WIDTHS (clb197.h SET_VERTEX_ATTRIBUTE_A) as a GL format.
 * The packed names list components from the most significant bits, so
 * A8B8G8R8 (0x2F) holds R in byte 0 as R8_G8_B8_A8 (0x0A) does and G8R8
 * (0x32) R in byte 0, G in byte 1, as R8_G8 (0x18): no swap. yuzu agrees
 * (renderer_opengl/maxwell_to_gl.h VertexFormat and maxwell_3d.h
 * ComponentCount give Size_G8_R8 R8_G8's GL type and two components,
 * maxwell_to_vk.cpp VK_FORMAT_R8G8_*); Ryujinx names 0x32 (Image/FormatTable.cs
 * VertexAttributeFormat.G8R8) but maps no format to it. */
static bool attr_format(const mw_vertex_attrib *a, attr_fmt *f)
{
    const bool sgn = a->type == 1 || a->type == 3 || a->type == 6;
    switch (a->size) {
    case 0x01: *f = (attr_fmt){4, a->type == 7 ? GL_FLOAT : sgn ? GL_INT : GL_UNSIGNED_INT, 16}; break;
    case 0x02: *f = (attr_fmt){3, a->type == 7 ? GL_FLOAT : sgn ? GL_INT : GL_UNSIGNED_INT, 12}; break;
    case 0x04: *f = (attr_fmt){2, a->type == 7 ? GL_FLOAT : sgn ? GL_INT : GL_UNSIGNED_INT, 8}; break;
    case 0x12: *f = (attr_fmt){1, a->type == 7 ? GL_FLOAT : sgn ? GL_INT : GL_UNSIGNED_INT, 4}; break;
    case 0x03: *f = (attr_fmt){4, a->type == 7 ? GL_HALF_FLOAT : sgn ? GL_SHORT : GL_UNSIGNED_SHORT, 8}; break;
    case 0x05: *f = (attr_fmt){3, a->type == 7 ? GL_HALF_FLOAT : sgn ? GL_SHORT : GL_UNSIGNED_SHORT, 6}; break;
    case 0x0F: *f = (attr_fmt){2, a->type == 7 ? GL_HALF_FLOAT : sgn ? GL_SHORT : GL_UNSIGNED_SHORT, 4}; break;
    case 0x1B: *f = (attr_fmt){1, a->type == 7 ? GL_HALF_FLOAT : sgn ? GL_SHORT : GL_UNSIGNED_SHORT, 2}; break;
    case 0x0A:
    case 0x2F: *f = (attr_fmt){4, sgn ? GL_BYTE : GL_UNSIGNED_BYTE, 4}; break;
    case 0x13: *f = (attr_fmt){3, sgn ? GL_BYTE : GL_UNSIGNED_BYTE, 3}; break;
    case 0x18:
    case 0x32: *f = (attr_fmt){2, sgn ? GL_BYTE : GL_UNSIGNED_BYTE, 2}; break;
    case 0x1D: *f = (attr_fmt){1, sgn ? GL_BYTE : GL_UNSIGNED_BYTE, 1}; break;
    case 0x30: *f = (attr_fmt){4, sgn ? GL_INT_2_10_10_10_REV : GL_UNSIGNED_INT_2_10_10_10_REV, 4}; break;
    case 0x31: *f = (attr_fmt){3, GL_UNSIGNED_INT_10F_11F_11F_REV, 4}; break;
    default: return false;
    }
    return true;
}

/* Bytes [skip, size) of guest memory at va into a new store of `size`
 * bytes for buf (the first `skip` bytes, which the draw does not read,
 * left undefined). */
static glhle_result upload_range(mw_render *r, GLuint buf, uint64_t va, uint64_t skip, uint64_t size,
                                 const char *what)
{
    if (size > MAX_STREAM_BYTES)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell: %s of %llu bytes is more than a draw "
                          "reads", what, (unsigned long long)size);
    skip = skip < size ? skip : size;
    const uint64_t n = size - skip;
    uint8_t *tmp = scratch(r->draw, n ? n : 1);
    if (!tmp)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for %s", what);
    glhle_result res = mw_render_flush(r, va + skip, n);
    if (res == GLHLE_RESULT_OK && !r->io.read(r->io.user, va + skip, tmp, n))
        res = GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: %s at GPU 0x%010llx (%llu bytes) is not all "
                         "mapped", what, (unsigned long long)(va + skip), (unsigned long long)n);
    if (res != GLHLE_RESULT_OK)
        return res;
    const GladGLContext *gl = &r->ctx->gl;
    if (!skip) {
        gl->NamedBufferData(buf, (GLsizeiptr)(size ? size : 1), tmp, GL_STREAM_DRAW);
    } else {
        gl->NamedBufferData(buf, (GLsizeiptr)size, NULL, GL_STREAM_DRAW);
        gl->NamedBufferSubData(buf, (GLintptr)skip, (GLsizeiptr)n, tmp);
    }
    return GLHLE_RESULT_OK;
}

/* Bytes [skip, size) of guest memory at va for a binding at *base of
 * *buf that reads them at offsets skip .. size - 1 (as the guest's at va
 * does): in the ring, at an offset at least skip whose distance to skip is
 * `align`-aligned, so *base is never negative (a large first or base
 * vertex costs the ring nothing where the ring is already past it, and
 * the first lap's bytes before it otherwise); what the ring cannot take,
 * into `own` as upload_range does (*base 0). */
static glhle_result ring_range(mw_render *r, GLuint own, uint64_t va, uint64_t skip, uint64_t size, size_t align,
                               const char *what, GLuint *buf, GLintptr *base)
{
    mw_draw *d = r->draw;
    if (size > MAX_STREAM_BYTES)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell: %s of %llu bytes is more than a draw "
                          "reads", what, (unsigned long long)size);
    skip = skip < size ? skip : size;
    const uint64_t n = size - skip;
    size_t off = 0;
    glhle_result res = GLHLE_RESULT_OK;
    if (d->ring.ctx && n && align) {
        res = mw_render_flush(r, va + skip, n);
        if (res != GLHLE_RESULT_OK)
            return res;
        uint8_t *p = gl_stream_map_from(&d->ring, (size_t)n, align, (size_t)skip, &off);
        if (p) {
            const bool read = r->io.read(r->io.user, va + skip, p, n);
            gl_stream_commit(&d->ring, read ? (size_t)n : 0); /* the ring goes on after what it handed out */
            if (!read)
                return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: %s at GPU 0x%010llx (%llu bytes) "
                                  "is not all mapped", what, (unsigned long long)(va + skip), (unsigned long long)n);
            r->stats.upload_bytes += n;
            *buf = d->ring.buffer;
            *base = (GLintptr)(off - skip);
            return GLHLE_RESULT_OK;
        }
    }
    res = upload_range(r, own, va, skip, size, what);
    r->stats.upload_own += n > 0;
    *buf = own;
    *base = 0;
    return res;
}

static void vao_elements(mw_render *r, GLuint buf)
{
    mw_draw *d = r->draw;
    if (d->vao_elements != buf) {
        r->ctx->gl.VertexArrayElementBuffer(d->vao, buf);
        d->vao_elements = buf;
    }
}

static void vao_disable(mw_render *r, uint32_t a)
{
    mw_draw *d = r->draw;
    if (d->vao_attrib[a].on) {
        r->ctx->gl.DisableVertexArrayAttrib(d->vao, a);
        d->vao_attrib[a].on = false;
    }
}

/* Attribute a enabled with this format, at this binding. */
static void vao_attrib(mw_render *r, uint32_t a, bool integer, GLint size, GLenum type, bool normalized,
                       GLuint offset, GLuint binding)
{
    mw_draw *d = r->draw;
    const GladGLContext *gl = &r->ctx->gl;
    struct vao_attrib *v = &d->vao_attrib[a];
    if (!v->on) {
        gl->EnableVertexArrayAttrib(d->vao, a);
        v->on = true;
    }
    if (v->size != size || v->type != type || v->integer != integer || v->normalized != normalized ||
        v->offset != offset) {
        if (integer)
            gl->VertexArrayAttribIFormat(d->vao, a, size, type, offset);
        else
            gl->VertexArrayAttribFormat(d->vao, a, size, type, normalized, offset);
        v->size = size;
        v->type = type;
        v->integer = integer;
        v->normalized = normalized;
        v->offset = offset;
    }
    if (v->binding != binding) {
        gl->VertexArrayAttribBinding(d->vao, a, binding);
        v->binding = binding;
    }
}

/* The draw's `bytes` of indices at src as its element buffer: in the ring
 * (*offset where they are, for the draw call), else the index store. */
static void index_upload(mw_render *r, const void *src, size_t bytes, GLintptr *offset)
{
    mw_draw *d = r->draw;
    const GladGLContext *gl = &r->ctx->gl;
    size_t off = 0;
    uint8_t *p = d->ring.ctx && bytes ? gl_stream_map(&d->ring, bytes, 4, &off) : NULL;
    if (p) {
        memcpy(p, src, bytes);
        gl_stream_commit(&d->ring, bytes);
        r->stats.upload_bytes += bytes;
        vao_elements(r, d->ring.buffer);
        *offset = (GLintptr)off;
        return;
    }
    gl->NamedBufferData(d->ibuf, (GLsizeiptr)(bytes ? bytes : 1), src, GL_STREAM_DRAW);
    vao_elements(r, d->ibuf);
    r->stats.upload_own += bytes > 0;
    *offset = 0;
}

/* Streams for vertices begin .. end - 1 (each bound where the draw's
 * vertex indices, first and base vertex as the guest gives them, find
 * their bytes: the ring's copy of elements begin .. end - 1, or a store of
 * its own that keeps guest offsets, the bytes before begin left unread);
 * a per-instance stream is the one element instance `instance` reads, base_instance + instance / FREQUENCY
 * (0 counts as 1: drivers never write it for an instanced stream), bound
 * with stride 0 so every vertex reads it whatever GL's instance. */
static glhle_result vertex_input(mw_render *r, const mw_state *st, uint32_t begin, uint32_t end, uint32_t instance,
                                 uint32_t base_instance)
{
    mw_draw *d = r->draw;
    const GladGLContext *gl = &r->ctx->gl;
    /* the attributes (and so the vertex array) as the last draw set them:
     * their group clean and the same streams enabled */
    vertex_cache *vc = &d->vc;
    /* the streams' enables, found again only when a stream register changed */
    uint32_t enabled = vc->enabled;
    if (!vc->valid || vc->dirty & MW_DIRTY(VERTEX_STREAM)) {
        enabled = 0;
        for (uint32_t i = 0; i < MW_VERTEX_STREAM_COUNT; i++)
            enabled |= (uint32_t)st->stream[i].enable << i;
    }
    const bool same = vc->valid && !(vc->dirty & MW_DIRTY(VERTEX_ATTRIB)) && vc->enabled == enabled;
    vc->valid = false;
    uint32_t streams = same ? vc->streams : 0;
    const GLint max_attribs = d->max_attribs;
    for (uint32_t a = 0; a < MW_VERTEX_ATTRIB_COUNT && !same; a++) {
        const mw_vertex_attrib *at = &st->attrib[a];
        const mw_vertex_stream *s = &st->stream[at->stream & 31];
        attr_fmt f;
        /* layout 0 is no layout (yuzu maxwell_3d.h VertexAttribute::Size
         * Invalid): a zeroed attribute word, not fetched. A layout
         * attr_format does not know refuses the draw rather than leave the
         * attribute out unsaid: among them 0x33 (X8B8G8R8) and 0x34 (A8),
         * where the references disagree. yuzu fetches X8B8G8R8 as four
         * bytes (maxwell_3d.h ComponentCount 4, maxwell_to_vk.cpp
         * R8G8B8A8), so w is byte 3, where clb197.h's X names padding,
         * which reads as 1 elsewhere (X8B8G8R8 textures and 2D formats);
         * yuzu fetches A8 into x (as R8: VK_FORMAT_R8_*), where the name
         * says alpha, w; Ryujinx maps neither (Image/FormatTable.cs names
         * them, TryGetAttribFormat finds no format: RGBA32F in their
         * place). */
        const bool used = !at->constant && s->enable && at->size != 0;
        if (used && !attr_format(at, &f))
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: vertex attribute %u: component layout "
                              "0x%02x (numerical type %u) is not one glhle fetches; not drawn", a, at->size, at->type);
        if (a >= (uint32_t)max_attribs) {
            if (used)
                return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: vertex attribute %u: this GL has %d",
                                  a, max_attribs);
            continue;
        }
        if (!used) {
            vao_disable(r, a);
            continue;
        }
        /* the offset is 14 bits; GL guarantees 2047 (MAX_VERTEX_ATTRIB_RELATIVE_OFFSET) */
        if (at->offset > 2047)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: vertex attribute %u's offset %u is "
                              "more than GL's 2047; not drawn", a, at->offset);
        const bool integer = at->type == 3 || at->type == 4;
        /* 11:11:10 with an integer type: no reference says what the
         * hardware fetches (yuzu's maxwell_to_gl/maxwell_to_vk and Ryujinx's
         * vertex format table give the layout for FLOAT alone) */
        if (integer && at->size == 0x31)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: vertex attribute %u: component "
                              "layout 0x31 (B10G11R11) of integer type %u: what the hardware fetches is unknown "
                              "here; not drawn", a, at->type);
        /* the swap of R and B and the packed layouts GL cannot say are the
         * vertex program's (attr_fetch, maxwell_spirv.h MW_ATTR) */
        if (attr_fetch(at) != MW_FETCH_FORMAT)
            vao_attrib(r, a, true, 1, GL_UNSIGNED_INT, false, at->offset, at->stream & 31);
        else
            vao_attrib(r, a, integer, f.size, f.type, !integer && (at->type == 1 || at->type == 2), at->offset,
                       at->stream & 31);
        streams |= 1u << (at->stream & 31);
    }
    *vc = (vertex_cache){.valid = true, .enabled = enabled, .streams = streams};
    for (uint32_t m = streams; m; m &= m - 1) {
        const uint32_t i = (uint32_t)__builtin_ctz(m);
        const mw_vertex_stream *s = &st->stream[i];
        /* the stride is 12 bits (0-4095); GL guarantees 2048
         * (MAX_VERTEX_ATTRIB_STRIDE), and a wider one is a GL error */
        if (!s->instanced && s->stride > 2048)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: vertex stream %u's stride %u is more "
                              "than GL's 2048; not drawn", i, s->stride);
        uint64_t va = s->address, size = (uint64_t)s->stride * end, skip = (uint64_t)s->stride * begin;
        if (s->instanced) {
            skip = 0;
            /* one element: the instance's; a stride of 0 reads the first */
            const uint64_t element = (uint64_t)base_instance + instance / (s->divisor ? s->divisor : 1);
            va += element * s->stride;
            size = s->stride ? s->stride : 16;
        }
        if (s->limit >= s->address && (s->limit < va || s->limit - va + 1 < size))
            size = s->limit >= va ? s->limit - va + 1 : 0;
        GLuint buf;
        GLintptr base;
        /* 16: every component type's size divides it, as it does guest offset 0 */
        glhle_result res = ring_range(r, d->vbuf[i], va, skip, size, 16, "a vertex stream", &buf, &base);
        if (res != GLHLE_RESULT_OK)
            return res;
        /* a stride of 0 has every vertex read the one element */
        gl->VertexArrayVertexBuffer(d->vao, i, buf, base, s->instanced ? 0 : (GLsizei)s->stride);
    }
    return GLHLE_RESULT_OK;
}

/* The constant buffers bound to the stages the draw runs (`stages`: bit s
 * for translator stage s, whose bind group is s: vertex 0, tessellation 1
 * and 2, geometry 3, pixel 4). */
_Static_assert(MW_SPIRV_COMPUTE * MW_GL_UBOS_PER_STAGE <= GL_STATE_UBO_BINDINGS,
               "the draw's uniform buffer bindings are all in the state shadow");

static glhle_result constant_buffers(mw_render *r, const mw_state *st, uint32_t stages, bool gl_untouched)
{
    mw_draw *d = r->draw;
    /* gl_untouched says nothing went through the shadow between the last
     * draw's end and this one's start; the issued count rules out this
     * draw's own calls before here (a surface reload in targets()) */
    cbuf_cache *cc = &d->cbc;
    if (cc->valid && gl_untouched && r->st.issued == d->rc.issued && r->st.invalidations == d->rc.invalidations &&
        !(d->cbuf_dirty & MW_DIRTY(CONST_BUFFER)) && cc->stages == stages && cc->open == d->ring.open &&
        cc->wraps == d->ring.wraps)
        return GLHLE_RESULT_OK;
    cc->valid = false;
    /* each stage's bound buffers, found again when a binding changed */
    if (d->cbuf_dirty & MW_DIRTY(CONST_BUFFER)) {
        for (uint32_t s = 0; s < MW_SPIRV_COMPUTE; s++) {
            d->cbuf_bound[s] = 0;
            for (uint32_t slot = 0; slot < MW_GL_UBOS_PER_STAGE; slot++)
                if (st->cbuf.bind[s][slot].valid && st->cbuf.bind[s][slot].size)
                    d->cbuf_bound[s] |= 1u << slot;
        }
        d->cbuf_dirty = 0;
    }
    for (uint32_t s = 0; s < MW_SPIRV_COMPUTE; s++) {
        if (!(stages >> s & 1))
            continue;
        for (uint32_t m = d->cbuf_bound[s]; m; m &= m - 1) {
            const uint32_t slot = (uint32_t)__builtin_ctz(m);
            const mw_cbuf_binding *b = &st->cbuf.bind[s][slot];
            /* uploaded again only when the binding or the memory changed,
             * or its ring segment was fenced (a draw after the fence would
             * read bytes the ring may rewrite when that fence is done) */
            mw_ubo_held *h = &d->ubo_held[s][slot];
            if (!h->fresh || h->va != b->address || h->size != b->size ||
                (h->in_ring && !gl_stream_unfenced(&d->ring, h->lap, h->offset, h->size))) {
                h->fresh = false;
                GLintptr base;
                glhle_result res = ring_range(r, d->ubo[s][slot], b->address, 0, b->size, d->ubo_align,
                                              "a constant buffer", &h->buffer, &base);
                if (res != GLHLE_RESULT_OK)
                    return res;
                h->va = b->address;
                h->size = b->size;
                h->offset = (size_t)base;
                h->in_ring = h->buffer == d->ring.buffer && d->ring.ctx;
                h->lap = d->ring.wraps;
                h->fresh = true;
            }
            gl_state_uniform_buffer(&r->st, s * MW_GL_UBOS_PER_STAGE + slot, h->buffer, (GLintptr)h->offset,
                                    (GLsizeiptr)h->size);
        }
    }
    *cc = (cbuf_cache){.valid = true, .stages = stages, .open = d->ring.open, .wraps = d->ring.wraps};
    return GLHLE_RESULT_OK;
}

/* Binds `tex` (0: none) and `smp` on `unit` by the texture's own target.
 * Not through gl_state_texture: the draw's textures stay bound after it
 * and the texture cache deletes and reuses their names, which a shadow
 * naming them would trust; so the state tracker forgets the unit instead
 * (the 2D, MSAA and compute passes bind units 0-15 through it). */
static void bind_unit(mw_render *r, GLuint unit, GLuint tex, GLuint smp)
{
    const GladGLContext *gl = &r->ctx->gl;
    gl->BindTextureUnit(unit, tex);
    gl->BindSampler(unit, smp);
    gl_state_forget_texture_unit(&r->st, unit);
}

/* The textures and samplers the stages sample, on their units. A
 * texture the cache refuses (an unsupported format, unmapped memory) is
 * left unbound -- the draw goes on without it, sampling GL's incomplete
 * texture (0, 0, 0, 1) -- and its refusal is returned (the first one) for
 * the draw to report once it is done; *fatal says whether the draw stops. */
/* the slots a stage has units for */
#define UNIT_SLOTS ((1u << MW_GL_TEXTURES_PER_STAGE) - 1)

static glhle_result bind_textures(mw_render *r, const stage_textures tex[MW_PROGRAM_STAGES],
                                  const uint32_t tex_mask[MW_PROGRAM_STAGES], bool *fatal)
{
    glhle_result first = GLHLE_RESULT_OK;
    *fatal = false;
    uint32_t any = 0;
    for (uint32_t k = 0; k < MW_PROGRAM_STAGES; k++)
        any |= tex_mask[k] & UNIT_SLOTS;
    if (!any)
        return GLHLE_RESULT_OK;
    static const uint32_t stages[MW_PROGRAM_STAGES] = {MW_SPIRV_VERTEX, MW_SPIRV_FRAGMENT, MW_SPIRV_GEOMETRY,
                                                       MW_SPIRV_TESS_CTRL, MW_SPIRV_TESS_EVAL};
    static const char *const names[MW_PROGRAM_STAGES] = {"vertex", "pixel", "geometry", "tessellation control",
                                                         "tessellation evaluation"};
    /* multisampled slots first: getting one may load its surface or copy
     * its samples by a pass that uses unit 0 (textures.c), which must not
     * undo a slot bound before it */
    GLuint ms[MW_PROGRAM_STAGES][MW_GL_TEXTURES_PER_STAGE];
    glhle_result ms_res[MW_PROGRAM_STAGES][MW_GL_TEXTURES_PER_STAGE];
    /* only the sampled slots (a program of the bench's kind samples none:
     * walking all 5 x 32 was a thousand instructions a draw) */
    for (uint32_t k = 0; k < MW_PROGRAM_STAGES; k++)
        for (uint32_t m = tex_mask[k] & UNIT_SLOTS; m; m &= m - 1) {
            const uint32_t s = (uint32_t)__builtin_ctz(m);
            const uint8_t dim = tex[k].kind[s] & MW_TEX_KIND_MASK;
            ms[k][s] = 0;
            ms_res[k][s] = GLHLE_RESULT_OK;
            if (dim != MW_TEX_2D_MS && dim != MW_TEX_2D_MS_ARRAY)
                continue;
            /* texelFetch takes no sampler state */
            ms_res[k][s] = mw_texture_get_ms(r, tex[k].tic[s], tex[k].tic_index[s], &ms[k][s]);
        }
    for (uint32_t k = 0; k < MW_PROGRAM_STAGES; k++)
        for (uint32_t m = tex_mask[k] & UNIT_SLOTS; m; m &= m - 1) {
            const uint32_t s = (uint32_t)__builtin_ctz(m);
            if (!tex[k].kind[s]) {
                *fatal = true;
                return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: texture slot %u of the %s stage names "
                                  "no valid texture header", s, names[k]);
            }
            GLuint t, smp;
            GLenum target;
            const GLuint unit = stages[k] * MW_GL_TEXTURES_PER_STAGE + s;
            const uint8_t dim = tex[k].kind[s] & MW_TEX_KIND_MASK;
            glhle_result res;
            if (dim == MW_TEX_2D_MS || dim == MW_TEX_2D_MS_ARRAY) {
                res = ms_res[k][s];
                t = ms[k][s];
                if (res == GLHLE_RESULT_OK) {
                    bind_unit(r, unit, t, 0);
                    continue;
                }
            } else
                res = mw_texture_get_at(r, tex[k].tic[s], tex[k].tic_index[s], &t, &target);
            if (res != GLHLE_RESULT_OK) {
                GLHLE_WARN(r->io.log, "maxwell: texture slot %u of the %s stage (header %u): drawn without it",
                           s, names[k], tex[k].tic_index[s]);
                r->stats.textures_skipped++;
                bind_unit(r, unit, 0, 0);
                first = first != GLHLE_RESULT_OK ? first : res;
                continue;
            }
            res = mw_sampler_get(r, tex[k].tsc[s], &smp);
            if (res != GLHLE_RESULT_OK) {
                *fatal = true;
                return res;
            }
            bind_unit(r, unit, t, smp);
        }
    return first;
}

/* ---- fixed function ---- */

static GLenum topology_of(uint32_t t)
{
    /* BEGIN_OP (clb197.h): POINTS 0, LINES 1, LINE_LOOP 2, LINE_STRIP 3,
     * TRIANGLES 4, TRIANGLE_STRIP 5, TRIANGLE_FAN 6, then QUADS, QUAD_STRIP,
     * POLYGON (no core GL twin), the adjacency forms 10-13 and PATCH 14 */
    static const GLenum m[15] = {GL_POINTS, GL_LINES, GL_LINE_LOOP, GL_LINE_STRIP, GL_TRIANGLES, GL_TRIANGLE_STRIP,
                                 GL_TRIANGLE_FAN, 0, 0, 0, GL_LINES_ADJACENCY, GL_LINE_STRIP_ADJACENCY,
                                 GL_TRIANGLES_ADJACENCY, GL_TRIANGLE_STRIP_ADJACENCY, GL_PATCHES};
    return t < 15 ? m[t] : 0;
}

/* SET_BLEND_*_OP: the OGL values are GL's; D3D ADD 1 .. MAX 5 */
static GLenum blend_op_of(uint32_t v)
{
    static const GLenum d3d[5] = {GL_FUNC_ADD, GL_FUNC_SUBTRACT, GL_FUNC_REVERSE_SUBTRACT, GL_MIN, GL_MAX};
    if (v >= 1 && v <= 5)
        return d3d[v - 1];
    return v == GL_FUNC_SUBTRACT || v == GL_FUNC_REVERSE_SUBTRACT || v == GL_MIN || v == GL_MAX ? v : GL_FUNC_ADD;
}

/* SET_BLEND_*_COEFF: the OGL family is GL's enum plus 0x4000 (0x4000 ZERO
 * .. 0x4308 SRC_ALPHA_SATURATE, 0xC001-0xC004 the constant factors), the
 * dual-source ones 0xC900-0xC903; the D3D family 1 (ZERO) .. 0x13
 * (INVSRC1ALPHA), BOTHSRCALPHA/BOTHINVSRCALPHA as D3D9 defines them. */
static GLenum blend_factor_of(uint32_t v, bool src)
{
    switch (v) {
    case 0xC900: return GL_SRC1_COLOR;
    case 0xC901: return GL_ONE_MINUS_SRC1_COLOR;
    case 0xC902: return GL_SRC1_ALPHA;
    case 0xC903: return GL_ONE_MINUS_SRC1_ALPHA;
    default: break;
    }
    if (v >= 0x4000 && v <= 0x4308)
        return v - 0x4000;
    if (v >= 0xC001 && v <= 0xC004)
        return v - 0x4000;
    static const GLenum d3d[0x13] = {GL_ZERO, GL_ONE, GL_SRC_COLOR, GL_ONE_MINUS_SRC_COLOR, GL_SRC_ALPHA,
                                     GL_ONE_MINUS_SRC_ALPHA, GL_DST_ALPHA, GL_ONE_MINUS_DST_ALPHA, GL_DST_COLOR,
                                     GL_ONE_MINUS_DST_COLOR, GL_SRC_ALPHA_SATURATE, GL_SRC_ALPHA,
                                     GL_ONE_MINUS_SRC_ALPHA, GL_CONSTANT_COLOR, GL_ONE_MINUS_CONSTANT_COLOR,
                                     GL_SRC1_COLOR, GL_ONE_MINUS_SRC1_COLOR, GL_SRC1_ALPHA, GL_ONE_MINUS_SRC1_ALPHA};
    if (v >= 1 && v <= 0x13) {
        /* BOTHSRCALPHA: source SRCALPHA with destination INVSRCALPHA; BOTHINVSRCALPHA the reverse */
        if (v == 0x0C)
            return src ? GL_SRC_ALPHA : GL_ONE_MINUS_SRC_ALPHA;
        if (v == 0x0D)
            return src ? GL_ONE_MINUS_SRC_ALPHA : GL_SRC_ALPHA;
        return d3d[v - 1];
    }
    return src ? GL_ONE : GL_ZERO;
}

static void blending(mw_render *r, const mw_state *st)
{
    const mw_blend_state *b = &st->blend;
    gl_state_blend_color(&r->st, b->constant);
    for (uint32_t i = 0; i < MW_RT_COUNT; i++) {
        if (!b->enable[i]) {
            gl_state_blend_target(&r->st, i, NULL);
            continue;
        }
        const mw_blend_eq *e = b->per_target ? &b->target[i] : &b->common;
        const bool sep = e->separate_alpha;
        const gl_blend g = {
            .enable = 1,
            .eq_rgb = blend_op_of(e->color_op),
            .eq_alpha = blend_op_of(sep ? e->alpha_op : e->color_op),
            .src_rgb = blend_factor_of(e->color_src, true),
            .dst_rgb = blend_factor_of(e->color_dst, false),
            .src_alpha = blend_factor_of(sep ? e->alpha_src : e->color_src, true),
            .dst_alpha = blend_factor_of(sep ? e->alpha_dst : e->color_dst, false),
        };
        gl_state_blend_target(&r->st, i, &g);
    }
}

/* SET_DEPTH_FUNC: the OGL values are GL's, the D3D ones 1 (NEVER) .. 8 (ALWAYS) */
static GLenum compare_of(uint32_t v)
{
    if (v >= GL_NEVER && v <= GL_ALWAYS)
        return v;
    return v >= 1 && v <= 8 ? GL_NEVER + (v - 1) : GL_ALWAYS;
}

/* SET_STENCIL_OP_*: the OGL values are GL's (INCRSAT is GL_INCR, INCR
 * GL_INCR_WRAP); D3D KEEP 1 .. DECR 8 */
static GLenum stencil_op_of(uint32_t v)
{
    static const GLenum d3d[8] = {GL_KEEP, GL_ZERO, GL_REPLACE, GL_INCR, GL_DECR, GL_INVERT, GL_INCR_WRAP,
                                  GL_DECR_WRAP};
    switch (v) {
    case GL_ZERO:
    case GL_KEEP:
    case GL_REPLACE:
    case GL_INCR:
    case GL_DECR:
    case GL_INVERT:
    case GL_INCR_WRAP:
    case GL_DECR_WRAP: return v;
    default: return v >= 1 && v <= 8 ? d3d[v - 1] : GL_KEEP;
    }
}

static gl_stencil stencil_face(bool on, const mw_stencil_face *f)
{
    return (gl_stencil){.enable = on,
                        .func = compare_of(f->func),
                        .ref = (GLint)(f->ref & 0xFF),
                        .func_mask = f->func_mask & 0xFF,
                        .write_mask = f->mask & 0xFF,
                        .sfail = stencil_op_of(f->fail),
                        .dpfail = stencil_op_of(f->zfail),
                        .dppass = stencil_op_of(f->zpass)};
}

static GLenum polygon_mode_of(uint32_t v)
{
    return v == 0x1B00 ? GL_POINT : v == 0x1B01 ? GL_LINE : GL_FILL;
}

/* The polygon mode geometry stage a draw needs (MW_PROGRAM_HOST_POLYGON_*),
 * or 0: LINE or POINT (core GL's one mode for both faces, the front's) for
 * triangles on a host without polygon mode (gl_caps_polygon_mode_by_gs).
 * The adjacency forms are not taken (a `triangles` geometry input draws
 * none of them): filled, as gl_caps says once. */
static uint32_t polygon_gs_of(const mw_render *r, const mw_state *st, GLenum mode)
{
    const GLenum polygon = polygon_mode_of(st->raster.polygon_mode_front);
    if (polygon == GL_FILL || !gl_caps_polygon_mode_by_gs(r->ctx) ||
        (mode != GL_TRIANGLES && mode != GL_TRIANGLE_STRIP && mode != GL_TRIANGLE_FAN))
        return 0;
    return polygon == GL_LINE ? MW_PROGRAM_HOST_POLYGON_LINE : MW_PROGRAM_HOST_POLYGON_POINT;
}

/* SET_VIEWPORT_CLIP_CONTROL: GEOMETRY_CLIP 13:11 says whether primitives
 * are clipped in z (FRUSTUM_XYZ_CLIP 3, FRUSTUM_Z_CLIP 5); where they are
 * not, PIXEL_MIN_Z 3:3 and PIXEL_MAX_Z 4:4 CLAMP clamp the fragments' depth
 * to the viewport's range -- GL's depth clamp. A pixel test against the
 * range without clamping (CLIP) drops what geometric clipping would. */
static bool depth_clamp_of(uint32_t clip_control)
{
    const uint32_t geometry = clip_control >> 11 & 7;
    return geometry != 3 && geometry != 5 && (clip_control >> 3 & 3) == 3;
}

/* The state beyond blending and depth, through the state tracker's
 * draw-path shadow (gl_state.h, gl_raster): only what differs from the last
 * draw reaches the GL, and nothing is put back per draw. What glhle leaves
 * at GL's defaults between calls is put back once at the end of the public
 * call (gl_state_raster_defaults, from maxwell.c). */
static void fixed_function(mw_render *r, const mw_state *st, GLenum mode, uint32_t polygon_gs)
{
    gl_state *g = &r->st;
    const mw_depth_stencil_state *ds = &st->ds;
    const mw_raster_state *ra = &st->raster;
    const bool stencil = st->zeta.enabled && ds->stencil_test && mw_rt_zeta_format(st->zeta.format) &&
                         mw_rt_zeta_format(st->zeta.format)->cls != MW_RT_DEPTH;
    if (stencil) {
        const gl_stencil front = stencil_face(true, &ds->front), back = stencil_face(true, &ds->back);
        gl_state_stencil_faces(g, &front, &back);
    } else {
        /* the masks as they are: a later clear sets its own */
        gl_stencil off = g->s.stencil, off_back = g->s.x.stencil_back;
        off.enable = 0;
        gl_state_stencil_faces(g, &off, &off_back);
    }
    /* ES: in the fragment program instead (es_logic_op below) */
    gl_state_logic_op(g, st->blend.logic_op_enable && !r->ctx->info.gles,
                      st->blend.logic_op >= GL_CLEAR && st->blend.logic_op <= GL_SET ? st->blend.logic_op : GL_COPY);
    gl_state_raster_cap(g, GL_RASTER_DEPTH_CLAMP, depth_clamp_of(st->viewport.clip_control));
    /* core GL has one polygon mode for both faces: the front's. Where the
     * geometry stage draws it (polygon_gs), GL gets FILL and draws the lines
     * or points it emits; points and lines are no polygons either way */
    const GLenum polygon = polygon_mode_of(ra->polygon_mode_front);
    const bool no_polygons = mode == GL_POINTS || mode == GL_LINES || mode == GL_LINE_STRIP || mode == GL_LINE_LOOP ||
                             mode == GL_LINES_ADJACENCY || mode == GL_LINE_STRIP_ADJACENCY;
    gl_state_polygon_mode(g, polygon_gs || (no_polygons && gl_caps_polygon_mode_by_gs(r->ctx)) ? GL_FILL : polygon);
    gl_state_raster_cap(g, GL_RASTER_OFFSET_FILL, ra->offset_fill);
    gl_state_raster_cap(g, GL_RASTER_OFFSET_LINE, ra->offset_line);
    gl_state_raster_cap(g, GL_RASTER_OFFSET_POINT, ra->offset_point);
    if (ra->offset_fill || ra->offset_line || ra->offset_point)
        /* SET_DEPTH_BIAS is in the hardware's units, half GL's minimum
         * resolvable difference (Mesa's nvc0 writes offset_units * 2) */
        gl_state_polygon_offset(g, ra->slope_scale_depth_bias, ra->depth_bias / 2, ra->depth_bias_clamp);
    gl_state_clip_distances(g, ra->user_clip_enable & 0xFF);
    /* points: POINTS, or triangles in polygon mode POINT */
    const bool points = mode == GL_POINTS || polygon == GL_POINT;
    gl_state_raster_cap(g, GL_RASTER_PROGRAM_POINT_SIZE, points && ra->point_size_attribute);
    if (points && !ra->point_size_attribute)
        gl_state_point_size(g, ra->point_size > 0 ? ra->point_size : 1);
    if (mode == GL_LINES || mode == GL_LINE_STRIP || mode == GL_LINE_LOOP || polygon == GL_LINE) {
        float w = ra->line_smooth ? ra->line_width : ra->line_width_aliased;
        if (!(w >= 1) || r->draw->forward_compatible)
            w = 1; /* wide lines are an INVALID_VALUE in a forward-compatible context */
        gl_state_line_width(g, w);
    }
}

/* One render-enable condition (SET_RENDER_ENABLE_C / SET_GLOBAL_RENDER_
 * ENABLE_C MODE): FALSE 0, TRUE 1; CONDITIONAL 2 renders when the 64-bit
 * value at the address is not zero, RENDER_IF_EQUAL 3 / NOT_EQUAL 4
 * compare the 64-bit values at the address and 8 bytes on (yuzu's reading
 * of the report pair; NVIDIA documents no layout). Memory that cannot be
 * read renders (a draw lost is worse than one too many). */
/* Viewport i's GL rectangle (x, y, width, height, scaled) and depth range
 * from clb197.h's transform (draw.c's header); false where its scale is
 * zero, NaN or beyond any target. */
static bool viewport_rect(const mw_state *st, uint32_t i, uint32_t k, float view[4], double depth[2])
{
    const mw_viewport *vp = &st->viewport.vp[i];
    const float sx = vp->scale[0], sy = vp->scale[1];
    if (!(sx > 0) || !(sy > 0 || sy < 0) || !(sx * k < 1e6f) || !(sy * k < 1e6f && sy * k > -1e6f))
        return false;
    const float ay = sy < 0 ? -sy : sy;
    view[0] = (vp->offset[0] - sx) * (float)k;
    view[1] = (vp->offset[1] - ay) * (float)k;
    view[2] = 2 * sx * (float)k;
    view[3] = 2 * ay * (float)k;
    depth[0] = st->viewport.depth_zero_to_one ? vp->offset[2] : vp->offset[2] - vp->scale[2];
    depth[1] = vp->offset[2] + vp->scale[2];
    return true;
}

/* Scissor i's GL rectangle, scaled; a maximum below the minimum passes
 * nothing (an empty rectangle). */
static void scissor_rect(const mw_scissor *sc, uint32_t k, GLint out[4])
{
    out[0] = (GLint)(sc->xmin * k);
    out[1] = (GLint)(sc->ymin * k);
    out[2] = sc->xmax > sc->xmin ? (GLint)((sc->xmax - sc->xmin) * k) : 0;
    out[3] = sc->ymax > sc->ymin ? (GLint)((sc->ymax - sc->ymin) * k) : 0;
}

/* The viewports and scissors past 0, for a program that writes the
 * viewport index (get_program; GL 4.6 13.6.1, 14.9.2): each viewport's
 * transform, depth range and scissor with the indexed calls, through the
 * state tracker's indexed shadows (gl_state.h gl_raster viewports,
 * depth_ranges, scissors), so only the indices that changed are issued.
 * The scissor test is one switch for them all here: a
 * disabled scissor is a rectangle over any target. Viewports with no
 * area (unset, zero, negative x or NaN scale) get an empty one; one
 * whose y scale's sign differs from viewport 0's (GL has one origin, viewport
 * 0's) is flipped by the program instead: its bit in d->viewport_flip,
 * which the draw hands the program (programs.h MW_VIEWPORT_FLIP_LOCATION).
 * GL faces such a viewport's primitives by the winding the flip reversed:
 * the pixel program gets gl_FrontFacing back, but culling one face and
 * two-sided stencil would take the other face's, and are refused. */
static glhle_result viewport_array(mw_render *r, const mw_state *st)
{
    const uint32_t k = r->scale;
    const bool flip = st->viewport.vp[0].scale[1] < 0;
    r->draw->viewport_flip = 0;
    for (uint32_t i = 1; i < MW_VIEWPORT_COUNT; i++) {
        float view[4] = {0, 0, 0, 0};
        double depth[2] = {0, 1};
        if (viewport_rect(st, i, k, view, depth) && (st->viewport.vp[i].scale[1] < 0) != flip)
            r->draw->viewport_flip |= 1u << i;
        gl_state_viewport_indexed(&r->st, i, view);
        gl_state_depth_range_indexed(&r->st, i, depth[0], depth[1]);
        GLint sc[4] = {0, 0, 1 << 30, 1 << 30};
        if (st->scissor.s[i].enable)
            scissor_rect(&st->scissor.s[i], k, sc);
        gl_state_scissor_indexed(&r->st, i, sc);
    }
    const mw_depth_stencil_state *ds = &st->ds;
    const bool cull = st->raster.cull_enable && st->raster.cull_face != 0x408; /* FRONT_AND_BACK faces nothing */
    const bool stencil = st->zeta.enabled && ds->stencil_test && memcmp(&ds->front, &ds->back, sizeof ds->front);
    if (r->draw->viewport_flip && (cull || stencil))
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: viewports 0x%04x flip y unlike viewport 0, "
                          "and GL would face their primitives the other way round for %s; not drawn",
                          r->draw->viewport_flip, cull ? "culling" : "the two-sided stencil test");
    return GLHLE_RESULT_OK;
}

/* The draw's viewport, scissor, depth, cull, blending, masks, provoking
 * vertex, sRGB writes and the rest of fixed_function, through the state
 * tracker's shadows; `viewports`: the program writes the viewport index,
 * so all of them (viewport_array). */
static glhle_result raster_state(mw_render *r, const mw_state *st, GLenum raster_mode, uint32_t polygon_gs,
                                 bool rotate, bool viewports)
{
    const uint32_t k = r->scale;
    const mw_viewport *vp = &st->viewport.vp[0];
    const float sx = vp->scale[0], sy = vp->scale[1];
    float view[4];
    double depth[2];
    /* GL has no mirrored x viewport; a zero or NaN scale has no area */
    if (sx < 0)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: viewport 0 has a negative x scale (%g): "
                          "not drawn", (double)sx);
    if (!viewport_rect(st, 0, k, view, depth))
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: viewport 0's scale (%g, %g) is zero, NaN or "
                          "beyond any target; not drawn", (double)sx, (double)sy);
    if (!gl_state_clip_control(&r->st, sy < 0 ? GL_UPPER_LEFT : GL_LOWER_LEFT,
                               st->viewport.depth_zero_to_one ? GL_ZERO_TO_ONE : GL_NEGATIVE_ONE_TO_ONE))
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: viewport 0 needs glClipControl (%s), "
                          "which this host lacks (GL 4.5, ARB_ or EXT_clip_control); not drawn",
                          sy < 0 ? "a negative y scale: an upper-left origin" : "a depth range of [0, 1]");
    gl_state_viewport_indexed(&r->st, 0, view);
    gl_state_depth_range_indexed(&r->st, 0, depth[0], depth[1]);
    bool any_scissor = false;
    for (uint32_t i = 0; i < (viewports ? MW_VIEWPORT_COUNT : 1); i++)
        any_scissor |= st->scissor.s[i].enable;
    GLint sc[4] = {0, 0, 1 << 30, 1 << 30};
    if (st->scissor.s[0].enable)
        scissor_rect(&st->scissor.s[0], k, sc);
    if (any_scissor)
        gl_state_scissor(&r->st, true, sc[0], sc[1], sc[2], sc[3]);
    else
        gl_state_scissor(&r->st, false, 0, 0, 0, 0);
    if (viewports) {
        glhle_result res = viewport_array(r, st);
        if (res != GLHLE_RESULT_OK)
            return res;
    }
    gl_state_depth(&r->st, st->zeta.enabled && st->ds.depth_test, compare_of(st->ds.depth_func),
                   st->zeta.enabled && st->ds.depth_write);
    const GLenum cull_face = st->raster.cull_face == 0x404   ? GL_FRONT
                             : st->raster.cull_face == 0x408 ? GL_FRONT_AND_BACK
                                                             : GL_BACK;
    /* the polygon mode geometry stage culls (GL culls no lines or points) */
    gl_state_cull(&r->st, st->raster.cull_enable && !polygon_gs, cull_face,
                  st->raster.front_face == 0x900 ? GL_CW : GL_CCW);
    /* blending and colour masks per target, through the state tracker's
     * per-target shadow (which keeps its whole-framebuffer one true) */
    blending(r, st);
    for (uint32_t i = 0; i < MW_RT_COUNT; i++)
        gl_state_color_mask_target(&r->st, i, st->blend.write_mask[st->blend.single_ct_write ? 0 : i]);
    gl_state_provoking_vertex(&r->st, st->raster.provoking_vertex || rotate ? GL_LAST_VERTEX_CONVENTION
                                                                            : GL_FIRST_VERTEX_CONVENTION);
    /* SET_SRGB_WRITE: what the program writes into an sRGB-format target is
     * encoded (GL_FRAMEBUFFER_SRGB, which like it leaves other formats
     * alone); off, the linear values are stored as they are */
    gl_state_raster_cap(&r->st, GL_RASTER_FRAMEBUFFER_SRGB, r->draw->srgb_target && st->rt.srgb_write);
    fixed_function(r, st, raster_mode, polygon_gs);
    return GLHLE_RESULT_OK;
}

static bool condition_holds(mw_render *r, uint32_t mode, uint64_t va)
{
    if (mode <= 1)
        return mode == 1;
    uint64_t v[2] = {0, 0};
    mw_render_flush(r, va, 16);
    if (!r->io.read(r->io.user, va, v, mode == 2 ? 8 : 16))
        return true;
    return mode == 2 ? v[0] != 0 : mode == 3 ? v[0] == v[1] : mode == 4 ? v[0] != v[1] : true;
}

/* SET_RENDER_ENABLE_OVERRIDE: ALWAYS_RENDER 1, NEVER_RENDER 2, else the
 * condition and the global condition both. The registers start zero
 * (FALSE), which a stream that never sets them must not read as "never
 * render": a condition counts once its address or mode was written. */
static bool render_enabled(mw_render *r, const mw_state *st)
{
    const mw_render_enable_state *e = &st->render_enable;
    if (e->override == 1 || e->override == 2)
        return e->override == 1;
    if ((e->global_address || e->global_mode) && !condition_holds(r, e->global_mode, e->global_address))
        return false;
    return (!e->address && !e->mode) || condition_holds(r, e->mode, e->address);
}

/* Colour attachment `slot` of the draw framebuffer to tex, or the zeta
 * attachment (slot MW_RT_COUNT) to tex at `point` (GL_DEPTH_ATTACHMENT or
 * GL_DEPTH_STENCIL_ATTACHMENT), when it is not that already: slice or
 * layer `layer` of a 3D or array texture, -1 for a 2D one, MW_LAYERED for
 * all of them. */
static bool attach(mw_draw *d, const GladGLContext *gl, uint32_t slot, GLuint tex, GLenum point, GLint layer)
{
    if (d->fbo_known && d->attached[slot] == tex &&
        (!tex || (d->attached_layer[slot] == layer && (slot < MW_RT_COUNT || d->zeta_point == point))))
        return false;
    const GLenum at = slot < MW_RT_COUNT ? GL_COLOR_ATTACHMENT0 + slot : point;
    if (slot == MW_RT_COUNT) /* GL_DEPTH_STENCIL_ATTACHMENT names both points: clears them */
        gl->NamedFramebufferTexture(d->fbo, GL_DEPTH_STENCIL_ATTACHMENT, 0, 0);
    if (tex && layer >= 0)
        gl->NamedFramebufferTextureLayer(d->fbo, at, tex, 0, layer);
    else if (tex || slot < MW_RT_COUNT)
        gl->NamedFramebufferTexture(d->fbo, at, tex, 0);
    if (slot == MW_RT_COUNT)
        d->zeta_point = point;
    d->attached_layer[slot] = tex ? layer : -1;
    d->attached[slot] = tex;
    return true;
}

/* The largest value of each channel of a UNORM colour format as the GL
 * stores it (the integers GL's logic op works on); false for the rest. */
static bool unorm_max(GLenum internal, float m[4])
{
    static const struct {
        GLenum f;
        float m[4];
    } t[] = {{GL_RGBA8, {255, 255, 255, 255}},    {GL_RG8, {255, 255, 0, 0}},
             {GL_R8, {255, 0, 0, 0}},             {GL_RGB565, {31, 63, 31, 0}},
             {GL_RGB5_A1, {31, 31, 31, 1}},       {GL_RGBA4, {15, 15, 15, 15}},
             {GL_RGB10_A2, {1023, 1023, 1023, 3}}, {GL_RGBA16, {65535, 65535, 65535, 65535}},
             {GL_RG16, {65535, 65535, 0, 0}},     {GL_R16, {65535, 0, 0, 0}}};
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (t[i].f == internal) {
            memcpy(m, t[i].m, sizeof t[i].m);
            return true;
        }
    return false;
}

/* OpenGL ES has no glLogicOp: the ES fragment program applies
 * SET_LOGIC_OP_FUNC to target 0 (programs.c es_logic_op) when this sets
 * mw_logic; it reads the destination by framebuffer fetch, or else from a
 * copy of target 0 made here before the draw (the whole target: as a
 * texture barrier would show it; gl_caps_dest_copy's rule, PICA's path). */
static void es_logic_op(mw_render *r, const mw_state *st, GLuint program)
{
    mw_draw *d = r->draw;
    GladGLContext *gl = &r->ctx->gl;
    const GLenum op = st->blend.logic_op >= GL_CLEAR && st->blend.logic_op <= GL_SET ? st->blend.logic_op : GL_COPY;
    float m[4] = {0, 0, 0, 0};
    const bool on = st->blend.logic_op_enable && op != GL_COPY && d->rt0_format &&
                    d->rt0_format->cls == MW_RT_UNORM && unorm_max(d->rt0_format->gl_internal, m);
    gl->ProgramUniform4i(program, MW_LOGIC_OP_LOCATION, on ? 1 + (GLint)(op - GL_CLEAR) : 0, 0, 0, 0);
    if (!on)
        return;
    gl->ProgramUniform4f(program, MW_LOGIC_MAX_LOCATION, m[0], m[1], m[2], m[3]);
    if (r->ctx->info.framebuffer_fetch)
        return;
    if (d->rt0_multisampled) {
        /* the copy below is of one sample per pixel; a sample-space copy is
         * not built, so the op is left out (said once) */
        if (!d->logic_msaa_said)
            GLHLE_WARN(r->io.log, "maxwell: logic op 0x%04x on a multisampled target without framebuffer fetch: "
                       "drawn without it (said once)", (unsigned)op);
        d->logic_msaa_said = true;
        gl->ProgramUniform4i(program, MW_LOGIC_OP_LOCATION, 0, 0, 0, 0);
        return;
    }
    const GLenum f = d->rt0_format->gl_internal;
    if (!d->logic_dest || d->logic_dest_format != f || d->logic_dest_w != d->rt0_w || d->logic_dest_h != d->rt0_h) {
        if (d->logic_dest)
            gl->DeleteTextures(1, &d->logic_dest);
        gl->CreateTextures(GL_TEXTURE_2D, 1, &d->logic_dest);
        gl->TextureStorage2D(d->logic_dest, 1, f, (GLsizei)d->rt0_w, (GLsizei)d->rt0_h);
        d->logic_dest_format = f;
        d->logic_dest_w = d->rt0_w;
        d->logic_dest_h = d->rt0_h;
    }
    gl->CopyImageSubData(d->attached[0], d->rt0_layer < 0 ? GL_TEXTURE_2D : d->rt0_array ? GL_TEXTURE_2D_ARRAY
                                                                                         : GL_TEXTURE_3D, 0, 0, 0,
                         d->rt0_layer >= 0 ? d->rt0_layer : 0, d->logic_dest, GL_TEXTURE_2D, 0, 0, 0, 0,
                         (GLsizei)d->rt0_w, (GLsizei)d->rt0_h, 1);
    bind_unit(r, MW_LOGIC_DEST_UNIT, d->logic_dest, 0);
    d->logic_copies++;
}

/* Slot's 2D array view of surface s (a 2D array target) from layer
 * `first` to its last, kept while s's texture lives
 * (mw_draw_forget_texture); 0 when GL made none. A layered framebuffer
 * counts gl_Layer from the attached texture's layer 0 (GL 4.6 9.8), and a
 * view's layer 0 is its MinLayer (8.18), so the program's layer l lands
 * in the array's layer first + l, as the Maxwell's does in the layer
 * SET_COLOR_TARGET_LAYER / SET_ZT_LAYER plus l (NVK and nouveau put a
 * view's first layer there and the array's layer 0's address in the
 * target's). */
static GLuint layer_view(mw_render *r, uint32_t slot, const mw_surface *s, uint32_t first)
{
    mw_draw *d = r->draw;
    if (d->layer_view[slot] && d->layer_view_of[slot] == s->tex && d->layer_view_first[slot] == first)
        return d->layer_view[slot];
    drop_layer_view(r, slot);
    const GladGLContext *gl = &r->ctx->gl;
    GLuint v = 0;
    gl->GenTextures(1, &v); /* glTextureView wants a name never bound */
    if (!v)
        return 0;
    gl->TextureView(v, GL_TEXTURE_2D_ARRAY, s->tex, s->d.format->gl_internal, 0, 1, first, s->d.depth - first);
    d->layer_view[slot] = v;
    d->layer_view_of[slot] = s->tex;
    d->layer_view_first[slot] = first;
    return v;
}

/* The draw framebuffer for st's targets; `layered`: the program writes the
 * layer (its last vertex-pipeline stage's SPH output map has
 * RT_ARRAY_INDEX), so every target is attached whole and gl_Layer picks
 * the layer. */
static glhle_result targets(mw_render *r, const mw_state *st, bool layered, uint32_t *w, uint32_t *h)
{
    mw_draw *d = r->draw;
    target_cache *tc = &d->tc;
    if (tc->valid && !(tc->dirty & TARGET_GROUPS) && tc->generation == r->generation && tc->scale == r->scale &&
        tc->layered == layered && d->fbo_known) {
        for (uint32_t m = tc->surf_mask; m; m &= m - 1)
            tc->surf[__builtin_ctz(m)]->last_use = ++r->tick;
        *w = tc->w;
        *h = tc->h;
        return GLHLE_RESULT_OK;
    }
    tc->valid = false;
    memset(tc->surf, 0, sizeof tc->surf);
    tc->surf_mask = 0;
    const GladGLContext *gl = &r->ctx->gl;
    GLenum bufs[MW_RT_COUNT];
    GLuint want[MW_RT_COUNT + 1] = {0};
    GLint want_layer[MW_RT_COUNT + 1];
    uint32_t base_layer[MW_RT_COUNT + 1] = {0};
    GLenum zeta_point = GL_DEPTH_STENCIL_ATTACHMENT;
    const uint32_t count = st->rt.count < MW_RT_COUNT ? st->rt.count : MW_RT_COUNT;
    *w = *h = UINT32_MAX;
    d->rt0_format = NULL;
    d->srgb_target = false;
    uint8_t sx, sy, places; /* every target has SET_ANTI_ALIAS's samples */
    glhle_result sres = mw_render_aa_block(r, st->rt.aa_mode, "drawn", &sx, &sy, &places);
    if (sres != GLHLE_RESULT_OK)
        return sres;
    want_layer[MW_RT_COUNT] = -1;
    mw_surface_desc got[MW_RT_COUNT + 1]; /* each surface's shape, for the check below */
    const uint64_t drops = r->drops;
    for (uint32_t i = 0; i <= MW_RT_COUNT; i++)
        d->drawn_va[i] = UINT64_MAX;
    for (uint32_t i = 0; i < MW_RT_COUNT; i++) {
        bufs[i] = GL_NONE;
        want_layer[i] = -1;
        if (i >= count)
            continue;
        const mw_color_target *ct = &st->rt.ct[st->rt.map[i] & 7];
        const mw_rt_format *f = mw_rt_color_format(ct->format);
        if (!ct->format)
            continue;
        if (!f)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: colour target format 0x%02x is not "
                              "supported; not drawn", ct->format);
        mw_surface_desc sd = {.va = ct->address, .format = f, .height = ct->height, .pitch = ct->pitch,
                              .block_height_log2 = ct->block.height, .sx = sx, .sy = sy, .places = places};
        sd.width = ct->pitch ? ct->width / f->bytes : ct->width;
        sd.pitch_bytes = ct->pitch ? ct->width : 0;
        mw_surface *s;
        /* a 3D target's slice or an array's layer: SET_COLOR_TARGET_LAYER
         * (NVK and nouveau set it to the view's first slice or layer) */
        uint32_t layer = 0;
        glhle_result res = ct->third_dim_is_depth
                               ? mw_render_get_3d_target(r, ct, st->rt.map[i] & 7, ct->layer_offset, &sd, &s, &layer)
                               : mw_render_get_array_target(r, ct->layers, ct->array_pitch, ct->layer_offset,
                                                            st->rt.map[i] & 7, &sd, &s, &layer);
        if (res != GLHLE_RESULT_OK)
            return res;
        tc->surf[i] = s;
        tc->surf_mask |= 1u << i;
        want[i] = s->tex;
        got[i] = s->d;
        want_layer[i] = s->d.depth ? (GLint)layer : -1;
        base_layer[i] = layer;
        d->drawn_va[i] = sd.va;
        bufs[i] = GL_COLOR_ATTACHMENT0 + i;
        d->srgb_target |= f->cls == MW_RT_SRGB;
        if (i == 0) {
            d->rt0_format = f;
            d->rt0_multisampled = sx || sy;
            d->rt0_layer = want_layer[i];
            d->rt0_array = s->d.array_pitch != 0;
            d->rt0_w = sd.width * r->scale;
            d->rt0_h = sd.height * r->scale;
        }
        *w = sd.width < *w ? sd.width : *w;
        *h = sd.height < *h ? sd.height : *h;
    }
    if (st->zeta.enabled) {
        const mw_rt_format *f = mw_rt_zeta_format(st->zeta.format);
        if (!f)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: depth format 0x%02x is not supported",
                              st->zeta.format);
        mw_surface_desc sd = {.va = st->zeta.address, .format = f, .zeta = true, .width = st->zeta.width,
                              .height = st->zeta.height, .block_height_log2 = st->zeta.block.height,
                              .sx = sx, .sy = sy, .places = places};
        mw_surface *s;
        uint32_t layer; /* SET_ZT_LAYER */
        glhle_result res = mw_render_get_array_target(r, mw_zeta_layers(&st->zeta), st->zeta.array_pitch,
                                                      st->zeta.layer_offset, 0, &sd, &s, &layer);
        if (res != GLHLE_RESULT_OK)
            return res;
        tc->surf[MW_RT_COUNT] = s;
        tc->surf_mask |= 1u << MW_RT_COUNT;
        want[MW_RT_COUNT] = s->tex;
        got[MW_RT_COUNT] = s->d;
        want_layer[MW_RT_COUNT] = s->d.depth ? (GLint)layer : -1;
        base_layer[MW_RT_COUNT] = layer;
        d->drawn_va[MW_RT_COUNT] = sd.va;
        zeta_point = f->cls == MW_RT_DEPTH ? GL_DEPTH_ATTACHMENT : GL_DEPTH_STENCIL_ATTACHMENT;
        *w = sd.width < *w ? sd.width : *w;
        *h = sd.height < *h ? sd.height : *h;
    }
    if (*w == UINT32_MAX)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: a draw with no render target");
    /* a target whose memory a later one of this draw takes in another shape
     * was dropped (mw_render_get_surface), its texture deleted and its name
     * perhaps another's now */
    for (uint32_t i = 0; r->drops != drops && i <= MW_RT_COUNT; i++)
        if (want[i] && !mw_render_holds(r, want[i], &got[i]))
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: %s %u shares memory with another target of "
                              "the draw in another shape; not drawn", i < MW_RT_COUNT ? "colour target" : "the depth "
                              "target", i < MW_RT_COUNT ? i : 0);
    /* A layered framebuffer has every attachment layered (GL 4.6 9.4.2
     * FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS) and counts gl_Layer from the
     * attached texture's layer 0 (9.8), where the Maxwell puts the
     * program's layer l in SET_COLOR_TARGET_LAYER / SET_ZT_LAYER + l.
     * Where every target has the same first layer, each 2D array or 3D
     * target is attached whole and the program adds that layer to the one
     * it writes (d->layer_base, programs.h MW_LAYER_BASE_LOCATION): no
     * view, so 3D targets from a slice past 0 and GLs without texture
     * views draw it too. Where the first layers differ, the base is 0 and
     * a 2D array from a first layer past 0 is attached as a view from that
     * layer (layer_view), whose layer 0 is its first; a 3D texture's views
     * cannot start past slice 0 (GL 4.6 table 8.21: a 3D view has its
     * original's slices), nor can the copies a host without views has, so
     * those are refused with the reason. A first layer plus the program's
     * layer at or past THIRD_DIMENSION is left to the host GL, whose
     * results for a layer past the attachment's are undefined (9.8): no
     * document says what the Maxwell does, and yuzu (renderer_opengl
     * gl_texture_cache.cpp AttachTexture) and Ryujinx
     * (Ryujinx.Graphics.OpenGL Framebuffer.cs AttachColor) attach a view
     * or the whole texture and pass the program's layer on unchanged as
     * well; only the target's own texture can be drawn into, so no memory
     * outside the target changes. */
    uint32_t first = UINT32_MAX;
    bool same = true;
    for (uint32_t i = 0; layered && i <= MW_RT_COUNT; i++)
        if (want[i]) {
            same &= first == UINT32_MAX || base_layer[i] == first;
            first = base_layer[i];
        }
    d->layer_base = layered && same && first != UINT32_MAX ? first : 0;
    for (uint32_t i = 0; layered && i <= MW_RT_COUNT; i++) {
        if (!want[i])
            continue;
        const uint32_t view_from = base_layer[i] - d->layer_base; /* 0 where the first layers agree */
        const char *why = NULL;
        if (want_layer[i] < 0)
            why = "not an array or a 3D target";
        else if (view_from && !tc->surf[i]->d.array_pitch)
            why = "a 3D target drawn from a first slice past 0 while another target's first layer differs";
        else if (view_from && !gl_caps_texture_views(r->ctx))
            why = "drawn from a first layer past 0 while another target's first layer differs, on a GL without "
                  "texture views";
        else if (view_from && !(want[i] = layer_view(r, i, tc->surf[i], view_from)))
            why = "drawn from a first layer past 0, and GL made no view from it";
        if (why)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: a program that writes the layer "
                              "draws into %s %u, which is %s: not supported; not drawn",
                              i < MW_RT_COUNT ? "colour target" : "the depth target", i, why);
        if (i == 0 && view_from)
            d->rt0_layer = 0; /* the view's layer 0 is the first */
        want_layer[i] = MW_LAYERED;
    }
    /* detach before attaching, so a texture moving between slots is never on two */
    bool changed = false;
    for (uint32_t i = 0; i < MW_RT_COUNT; i++)
        if (d->fbo_known && d->attached[i] != want[i] && d->attached[i])
            changed |= attach(d, gl, i, 0, 0, -1);
    for (uint32_t i = 0; i <= MW_RT_COUNT; i++)
        changed |= attach(d, gl, i, want[i], zeta_point, want_layer[i]);
    if (!d->fbo_known || memcmp(d->draw_bufs, bufs, sizeof bufs)) {
        gl->NamedFramebufferDrawBuffers(d->fbo, MW_RT_COUNT, bufs);
        memcpy(d->draw_bufs, bufs, sizeof bufs);
        changed = true;
    }
    d->fbo_known = true;
    if (changed && gl->CheckNamedFramebufferStatus(d->fbo, GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        d->fbo_known = false;
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_GL_ERROR, "maxwell: the render targets make no complete framebuffer");
    }
    /* a surface got early in the loop may have been dropped by a later
     * one's lookup (the check above refused that), so the generation is
     * the one after every lookup */
    tc->valid = true;
    tc->dirty = 0;
    tc->generation = r->generation;
    tc->scale = r->scale;
    tc->layered = layered;
    tc->w = *w;
    tc->h = *h;
    return GLHLE_RESULT_OK;
}

/* The surfaces drawn into hold pixels memory does not. */
static void mark_rendered(mw_render *r, const mw_state *st)
{
    const mw_draw *d = r->draw;
    for (uint32_t i = 0; i < r->count; i++) {
        mw_surface *s = &r->surf[i];
        bool hit = st->zeta.enabled && st->ds.depth_write && s->d.zeta && s->d.va == d->drawn_va[MW_RT_COUNT];
        for (uint32_t k = 0; k < MW_RT_COUNT && !hit; k++)
            hit = !s->d.zeta && s->d.va == d->drawn_va[k];
        if (hit)
            mw_render_rendered(r, s);
    }
}

/* ---- transform feedback (stream output) ----
 *
 * While SET_STREAM_OUTPUT is on, each enabled buffer with components
 * captures the last vertex-pipeline stage's outputs its layout names
 * (maxwell_state.h) into guest memory: the stage's translation declares
 * them (mw_spirv_xfb, part of the program key), the draw binds each
 * buffer's guest range from its write pointer on as a GL buffer
 * (GL_TRANSFORM_FEEDBACK_BUFFER, indexed, holding the guest's bytes so
 * that the gaps a layout leaves keep them), runs the draw between
 * glBeginTransformFeedback and glEndTransformFeedback with the class of the
 * primitives the stages emit, and writes back the bytes the primitives GL
 * wrote took (GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN x vertices per
 * primitive x stride: strips and fans are written as lists, as GL 4.6
 * 13.3 and D3D's stream output both do), the caches over them made stale;
 * the write pointer advances by them, so the next draw appends. A
 * primitive that does not fit in every buffer's room (SIZE less the
 * pointer) is not written, in any buffer (GL 4.6 13.3.2), and the counters
 * say so (queries.c). A layout of gaps only gives the program nothing to
 * record, which glBeginTransformFeedback refuses: that draw goes without
 * it and counts the primitives that fit as written. Desktop GL only: GLSL ES has no xfb layout
 * qualifiers, and ES 3.2's glTransformFeedbackVaryings writes one buffer
 * interleaved or one varying per buffer, without gl_SkipComponents, so it
 * cannot place a layout's components at their offsets; refused there.
 * Each buffer records the geometry stream SET_STREAM_OUT_CONTROL_STREAM
 * names (mw_spirv_xfb.stream: its outputs decorated with it, so the one
 * glBeginTransformFeedback records every stream into its buffers, as GL
 * 4.6 13.3 does for a program of several streams), and its primitives are
 * its stream's (GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN and
 * GL_PRIMITIVES_GENERATED indexed by the stream, queries.c). Without a
 * geometry stage only stream 0 has vertices: a buffer of another stream
 * records nothing and its pointer stays. GL rasterizes stream 0 only, so
 * SET_RASTER_INPUT selecting another is refused (mw_render_draw). */

/* bytes of one buffer a draw may write at most (a bound on what it
 * uploads and reads back) */
#define MAX_XFB_BYTES (16u << 20)

static glhle_result xfb_layout(mw_render *r, const mw_state *st, mw_spirv_xfb *x, uint32_t *mask)
{
    const mw_stream_out_state *so = &st->stream_out;
    *mask = 0;
    if (!so->enable) /* x is read only where *mask has a bit: left as it is (544 bytes a draw to clear) */
        return GLHLE_RESULT_OK;
    memset(x, 0, sizeof *x);
    uint32_t total = 0;
    for (uint32_t b = 0; b < MW_XFB_BUFFERS; b++) {
        const mw_stream_out_buffer *o = &so->buffer[b];
        if (!o->enable || !o->components || (o->stream != 0 && !st->program.stage[4].enable))
            continue;
        if (o->components > 128 || o->stride % 4 || o->stride < 4 * o->components)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: stream-out buffer %u: %u components in a "
                              "stride of %u bytes (SET_STREAM_OUT_CONTROL_*: at most 128, a stride of 4 bytes each "
                              "at least, a multiple of 4); not drawn", b, o->components, o->stride);
        if ((o->address + so->pointer[b]) % 4)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: stream-out buffer %u at GPU 0x%010llx, "
                              "write pointer 0x%x: not 4-byte aligned; not drawn", b,
                              (unsigned long long)o->address, so->pointer[b]);
        x->count[b] = (uint8_t)o->components;
        x->stride[b] = o->stride;
        x->stream[b] = (uint8_t)o->stream;
        memcpy(x->attr[b], so->layout[b], o->components);
        total += o->components;
        *mask |= 1u << b;
    }
    if (!*mask)
        return GLHLE_RESULT_OK;
    if (r->ctx->info.gles)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: transform feedback on OpenGL ES: GLSL ES "
                          "has no xfb layout qualifiers, and glTransformFeedbackVaryings cannot place a layout's "
                          "components at their offsets (no gl_SkipComponents, one interleaved buffer); not drawn");
    mw_draw *d = r->draw;
    if (!d->xfb_max_components) {
        d->xfb_max_components = 64; /* GL 4.5's minimum */
        r->ctx->gl.GetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS, &d->xfb_max_components);
    }
    const uint32_t limit = d->xfb_max_components < 64 ? 64u : (uint32_t)d->xfb_max_components;
    for (uint32_t b = 0; b < MW_XFB_BUFFERS; b++)
        if (x->stride[b] > 4 * limit)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: stream-out buffer %u's stride of %u "
                              "bytes is more than this GL's %u components; not drawn", b, x->stride[b], limit);
    /* each component at most one capture variable (maxwell_spirv.c MW_XFB_VARS) */
    if (total > 64)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: stream output of %u components in all: "
                          "more than the 64 captured; not drawn", total);
    return GLHLE_RESULT_OK;
}

typedef struct xfb_bound {
    uint32_t mask;
    uint32_t streams;               /* the geometry streams the buffers record */
    GLenum prim;                    /* glBeginTransformFeedback's */
    bool captures;                  /* the program has a capture output (mw_spirv_xfb_captures) */
    uint32_t per_prim;              /* vertices per primitive written */
    uint64_t va[MW_XFB_BUFFERS];    /* where the write pointer is */
    uint32_t room[MW_XFB_BUFFERS];  /* bytes bound from there */
    uint32_t stride[MW_XFB_BUFFERS];
    uint8_t stream[MW_XFB_BUFFERS];
} xfb_bound;

/* Uploads and binds the buffers (before the draw's state is set: the
 * flush may draw); without `stages` (a geometry or tessellation stage)
 * the draw writes at most 3 vertices per vertex it reads. */
static glhle_result xfb_bind(mw_render *r, const mw_state *st, const mw_spirv_xfb *x, uint32_t mask, GLenum raster,
                              bool stages, uint32_t count, xfb_bound *xb)
{
    mw_draw *d = r->draw;
    const GladGLContext *gl = &r->ctx->gl;
    const mw_stream_out_state *so = &st->stream_out;
    memset(xb, 0, sizeof *xb);
    xb->mask = mask;
    GLenum prim = GL_TRIANGLES;
    xb->per_prim = 3;
    if (raster == GL_POINTS)
        prim = GL_POINTS, xb->per_prim = 1;
    else if (raster == GL_LINES || raster == GL_LINE_STRIP || raster == GL_LINE_LOOP || raster == GL_LINES_ADJACENCY ||
             raster == GL_LINE_STRIP_ADJACENCY)
        prim = GL_LINES, xb->per_prim = 2;
    if (!d->xfb_buf[0])
        gl->CreateBuffers(MW_XFB_BUFFERS, d->xfb_buf);
    for (uint32_t b = 0; b < MW_XFB_BUFFERS; b++) {
        if (!(mask >> b & 1))
            continue;
        const mw_stream_out_buffer *o = &so->buffer[b];
        const uint32_t ptr = so->pointer[b];
        uint64_t room = ptr < o->size ? (uint64_t)(o->size - ptr) & ~3ull : 0;
        const uint64_t most = stages ? MAX_XFB_BYTES : 3ull * count * x->stride[b];
        room = room < most ? room : most;
        room = room < MAX_XFB_BYTES ? room : MAX_XFB_BYTES;
        xb->va[b] = o->address + ptr;
        xb->room[b] = (uint32_t)room;
        xb->stride[b] = x->stride[b];
        /* GL binds no empty range: 4 bytes, of which nothing is written back
         * (no primitive fits) */
        const uint32_t bind = room ? (uint32_t)room : 4u;
        uint8_t *bytes = scratch(d, bind);
        if (!bytes)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for stream-out buffer %u", b);
        memset(bytes, 0, bind);
        if (room) {
            mw_render_flush(r, xb->va[b], room);
            if (!r->io.read(r->io.user, xb->va[b], bytes, room))
                return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: stream-out buffer %u at GPU "
                                  "0x%010llx (%u bytes from the write pointer) is not all mapped; not drawn", b,
                                  (unsigned long long)xb->va[b], (uint32_t)room);
        }
        if (bind > d->xfb_cap[b]) {
            gl->NamedBufferData(d->xfb_buf[b], bind, bytes, GL_STREAM_READ);
            d->xfb_cap[b] = bind;
        } else {
            gl->NamedBufferSubData(d->xfb_buf[b], 0, bind, bytes);
        }
        gl->BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, b, d->xfb_buf[b], 0, bind);
        if (!room)
            xb->room[b] = 0;
    }
    for (uint32_t b = 0; b < MW_XFB_BUFFERS; b++)
        if (mask >> b & 1) {
            xb->stream[b] = x->stream[b];
            xb->streams |= 1u << x->stream[b];
        }
    xb->prim = prim;
    xb->captures = mw_spirv_xfb_captures(x);
    return GLHLE_RESULT_OK;
}

/* Ends, writes back what was written and advances the write pointers. */
static glhle_result xfb_end(mw_render *r, mw_state *st, const xfb_bound *xb)
{
    mw_draw *d = r->draw;
    const GladGLContext *gl = &r->ctx->gl;
    if (xb->captures)
        gl->EndTransformFeedback();
    uint64_t written[MW_XFB_STREAMS], generated[MW_XFB_STREAMS];
    mw_query_xfb_end(r, written, generated);
    if (!xb->captures) {
        /* every component a gap: no output for GL to record (its
         * glBeginTransformFeedback would refuse the program), so no
         * transform feedback; the primitives that fit every buffer of
         * their stream count as written, as GL would have written them
         * (GL 4.6 13.3.2) */
        for (uint32_t s = 0; s < MW_XFB_STREAMS; s++)
            written[s] = generated[s];
        for (uint32_t b = 0; b < MW_XFB_BUFFERS; b++)
            if (xb->mask >> b & 1) {
                const uint64_t fit = xb->room[b] / ((uint64_t)xb->per_prim * xb->stride[b]);
                uint64_t *w = &written[xb->stream[b]];
                *w = fit < *w ? fit : *w;
            }
    }
    mw_query_xfb_add(r, written, generated);
    glhle_result res = GLHLE_RESULT_OK;
    for (uint32_t b = 0; b < MW_XFB_BUFFERS; b++) {
        if (!(xb->mask >> b & 1))
            continue;
        gl->BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, b, 0);
        uint64_t bytes = written[xb->stream[b]] * xb->per_prim * xb->stride[b];
        if (bytes > xb->room[b]) /* GL wrote no more than fits */
            bytes = xb->room[b];
        if (!bytes || res != GLHLE_RESULT_OK)
            continue;
        uint8_t *out = scratch(d, bytes);
        if (!out) {
            res = GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory to read back stream-out "
                             "buffer %u", b);
            continue;
        }
        gl->GetNamedBufferSubData(d->xfb_buf[b], 0, (GLsizeiptr)bytes, out);
        if (!r->io.write(r->io.user, xb->va[b], out, bytes)) {
            res = GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: stream-out buffer %u at GPU 0x%010llx "
                             "could not be written back", b, (unsigned long long)xb->va[b]);
            continue;
        }
        mw_render_invalidate(r, xb->va[b], bytes);
        st->stream_out.pointer[b] += (uint32_t)bytes;
        r->stats.xfb_bytes += bytes;
    }
    return res;
}

/* The draw's storage images (key_cache's table) at their units, after the
 * targets and textures are bound: an image over a render target's or a
 * sampled texture's memory is refused (its stores and the target's pixels,
 * or the texture's copy, would not be one memory). */
static glhle_result bind_images(mw_render *r, const uint32_t tex_mask[MW_PROGRAM_STAGES])
{
    mw_draw *d = r->draw;
    mw_image_span avoid[MW_RT_COUNT + 1 + MW_PROGRAM_STAGES * MW_GL_TEXTURES_PER_STAGE];
    uint32_t n = 0;
    for (uint32_t i = 0; i <= MW_RT_COUNT; i++)
        if (d->tc.surf[i])
            avoid[n++] = (mw_image_span){d->tc.surf[i]->lo, d->tc.surf[i]->hi - d->tc.surf[i]->lo,
                                         i < MW_RT_COUNT ? "colour target" : "the depth target",
                                         i < MW_RT_COUNT ? i : 0};
    for (uint32_t k = 0; k < MW_PROGRAM_STAGES; k++)
        for (uint32_t m = tex_mask[k] & UNIT_SLOTS; m; m &= m - 1) {
            const uint32_t s = (uint32_t)__builtin_ctz(m);
            for (uint32_t t = 0; t < r->tex_count; t++)
                if (!memcmp(r->tex[t].tic, d->kc.tex[k].tic[s], sizeof r->tex[t].tic)) {
                    avoid[n++] = (mw_image_span){r->tex[t].lo, r->tex[t].hi - r->tex[t].lo, "sampled texture", s};
                    break;
                }
        }
    return mw_images_bind(r, "draw", d->kc.img, d->kc.img_mask, d->kc.img_raw, avoid, n);
}

glhle_result mw_render_draw(mw_render *r, mw_state *st, const glhle_maxwell_event *ev)
{
    glhle_result res = gl_context_enter(r->ctx);
    if (res == GLHLE_RESULT_OK)
        res = draw_state(r);
    if (res != GLHLE_RESULT_OK)
        return res;
    /* the groups changed since the last draw: this path is the state's
     * one consumer of its dirty bits (maxwell_state.h) */
    mw_draw *d = r->draw;
    d->kc.dirty |= st->dirty;
    d->rc.dirty |= st->dirty;
    d->vc.dirty |= st->dirty;
    d->tc.dirty |= st->dirty;
    d->cbuf_dirty |= st->dirty;
    st->dirty = 0;
    /* nothing set GL state through the shadow since the last draw (which
     * this draw's own settings below would make untrue) */
    const bool gl_untouched = d->rc.valid && r->st.issued == d->rc.issued &&
                              r->st.invalidations == d->rc.invalidations && r->st.epoch == r->ctx->state_epoch &&
                              r->ctx->state_owner == &r->st;
    d->rc.valid = false;
    const GLenum mode = topology_of(ev->u.draw.topology);
    if (!mode && ev->u.draw.topology != 0) /* GL_POINTS is 0 */
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: topology %u (quads, quad strips, polygons) "
                          "is not drawn yet", ev->u.draw.topology);
    /* GL draws patches only through tessellation stages, and those only
     * patches (GL 4.6 11.2: either way a GL error) */
    const bool tess = st->program.stage[2].enable || st->program.stage[3].enable;
    if ((mode == GL_PATCHES) != tess)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, mode == GL_PATCHES
                          ? "maxwell: PATCH topology without the tessellation stages: not drawn"
                          : "maxwell: tessellation stages with topology %u, not PATCH: not drawn",
                          ev->u.draw.topology);
    /* SET_PATCH SIZE: the vertices of each patch, 1 to 32 (the TCS inputs
     * the translation declares, gl_MaxPatchVertices' minimum) */
    if (tess && (st->program.patch_size < 1 || st->program.patch_size > 32))
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: SET_PATCH size %u: not 1 to 32; not drawn",
                          st->program.patch_size);
    if (!render_enabled(r, st)) {
        r->stats.draws_skipped++;
        return GLHLE_RESULT_OK;
    }
    /* GL rasterizes geometry stream 0 alone (GL 4.6 11.3.4.2); remapping
     * the guest's streams so that the selected one is GL's 0 is not done */
    if (st->raster.rasterize_enable && st->stream_out.raster_stream != 0)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: SET_RASTER_INPUT rasterizes geometry "
                          "stream %u: GL rasterizes stream 0 only; not drawn", st->stream_out.raster_stream);
    /* stream output (xfb_layout); a draw with SET_RASTER_ENABLE FALSE (the
     * register boots TRUE, regs_3d.c) makes no fragments, and without it
     * nothing of the draw remains: skipped */
    mw_spirv_xfb xfb;
    uint32_t xfb_mask = 0;
    res = xfb_layout(r, st, &xfb, &xfb_mask);
    if (res != GLHLE_RESULT_OK)
        return res;
    const bool xfb_on = xfb_mask != 0;
    if (!st->raster.rasterize_enable && !xfb_on) {
        r->stats.draws_skipped++;
        return GLHLE_RESULT_OK;
    }
    const mw_draw_program *prog = NULL;
    uint32_t w, h;
    uint32_t tex_mask[MW_PROGRAM_STAGES] = {0, 0, 0};
    bool fatal = false;
    glhle_result tex_res = GLHLE_RESULT_OK; /* a texture drawn without: reported after the draw */
    /* the guest's geometry stage: polygon mode applies to what it emits
     * (get_program checks that against a host without polygon mode) */
    const bool geometry = st->program.stage[4].enable;
    const uint32_t polygon_gs = geometry || tess ? 0 : polygon_gs_of(r, st, mode);
    GLenum raster_mode = mode; /* the primitives rasterized: the geometry stage's output */
    bool layered = false, viewports = false;
    res = get_program(r, st, polygon_gs, prim_in_of(ev->u.draw.topology), xfb_on ? &xfb : NULL, &prog,
                      &raster_mode, &layered, &viewports, tex_mask);
    if (res == GLHLE_RESULT_OK && !prog)
        return GLHLE_RESULT_OK; /* its program compiles on a worker: skipped, counted in draws_deferred */
    if (res == GLHLE_RESULT_OK) {
        r->drawing = st;
        tex_res = bind_textures(r, r->draw->kc.tex, tex_mask, &fatal);
        r->drawing = NULL;
        res = fatal ? tex_res : GLHLE_RESULT_OK;
    }
    if (res == GLHLE_RESULT_OK)
        res = targets(r, st, layered, &w, &h);
    if (res != GLHLE_RESULT_OK)
        return res;
    /* vertices the draw reads: indices are read first to bound them */
    const GladGLContext *gl = &r->ctx->gl;
    uint32_t begin = ev->u.draw.first, end = ev->u.draw.first + ev->u.draw.count;
    GLenum itype = 0;
    /* SET_PROVOKING_VERTEX FIRST on a host with only the last-vertex
     * convention (gl_caps_first_vertex_by_indices): the primitives drawn as
     * a list that names each one's first-convention vertex last */
    const bool rotate = !st->raster.provoking_vertex && gl_caps_first_vertex_by_indices(r->ctx) &&
                        gl_provoking_rewrites(mode);
    /* the rotation would reorder the geometry or tessellation program's
     * inputs, and the primitives they emit take the GL's convention */
    if ((geometry || tess) && !st->raster.provoking_vertex && gl_caps_first_vertex_by_indices(r->ctx))
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: draw with a %s stage and "
                          "SET_PROVOKING_VERTEX FIRST on a host with only the last-vertex convention (OpenGL ES): "
                          "not drawn", geometry ? "geometry" : "tessellation");
    GLenum draw_mode = mode;
    uint32_t rotated_count = 0;
    GLintptr index_offset = 0; /* where the element buffer has the draw's indices */
    /* the draw's uploads are one group of the ring's: fenced after the draw */
    if (d->ring.ctx)
        gl_stream_begin(&d->ring);
    if (rotate) {
        const uint64_t need = gl_provoking_max(ev->u.draw.count) * sizeof(uint32_t);
        if (need > MAX_STREAM_BYTES)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell: a draw of %u vertices with the first "
                              "vertex provoking needs %llu bytes of rotated indices, more than a draw reads",
                              ev->u.draw.count, (unsigned long long)need);
        if (need > d->rotated_cap) {
            uint32_t *p = realloc(d->rotated, need ? need : 4);
            if (!p)
                return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for rotated indices");
            d->rotated = p;
            d->rotated_cap = need ? need : 4;
        }
    }
    if (ev->u.draw.indexed) {
        const uint32_t isz = ev->u.draw.index_size;
        itype = isz == 1 ? GL_UNSIGNED_BYTE : isz == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT;
        const uint64_t bytes = (uint64_t)ev->u.draw.count * isz;
        uint8_t *idx = scratch(d, bytes ? bytes : 1); /* uploaded before the streams reuse it */
        if (!idx)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for indices");
        if (ev->u.draw.inline_indices) {
            for (uint32_t i = 0; i < ev->u.draw.count; i++) {
                const uint32_t v = ev->u.draw.inline_indices[i];
                memcpy(idx + (size_t)i * isz, &v, isz); /* little-endian host */
            }
        } else {
            const uint64_t va = st->index.address + (uint64_t)ev->u.draw.first * isz;
            mw_render_flush(r, va, bytes);
            if (!r->io.read(r->io.user, va, idx, bytes)) {
                return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: index buffer at GPU 0x%010llx is "
                                  "not all mapped", (unsigned long long)va);
            }
        }
        uint32_t top = 0, low = UINT32_MAX;
        for (uint32_t i = 0; i < ev->u.draw.count; i++) {
            uint32_t v = 0;
            memcpy(&v, idx + (size_t)i * isz, isz);
            if (st->restart.enable && v == st->restart.index)
                continue;
            top = v > top ? v : top;
            low = v < low ? v : low;
        }
        end = top + 1 + ev->u.draw.base_vertex;
        const int64_t b = low == UINT32_MAX ? 0 : (int64_t)low + (int32_t)ev->u.draw.base_vertex;
        begin = b < 0 ? 0 : b > end ? end : (uint32_t)b;
        if (rotate) {
            draw_mode = gl_provoking_rewrite(mode, idx, isz, 0, ev->u.draw.count, st->restart.enable,
                                             st->restart.index, d->rotated, &rotated_count);
        } else {
            index_upload(r, idx, (size_t)bytes, &index_offset);
        }
    } else if (rotate) {
        draw_mode = gl_provoking_rewrite(mode, NULL, 0, ev->u.draw.first, ev->u.draw.count, false, 0, d->rotated,
                                         &rotated_count);
    }
    if (rotate) /* the rotated list, from the index buffer or the vertex range */
        index_upload(r, d->rotated, (size_t)rotated_count * 4u, &index_offset);
    res = vertex_input(r, st, begin, end, ev->u.draw.instance, ev->u.draw.base_instance);
    if (res == GLHLE_RESULT_OK)
        res = constant_buffers(r, st,
                               1u << MW_SPIRV_VERTEX | 1u << MW_SPIRV_FRAGMENT | (geometry ? 1u << MW_SPIRV_GEOMETRY : 0) |
                                   (tess ? 1u << MW_SPIRV_TESS_CTRL | 1u << MW_SPIRV_TESS_EVAL : 0),
                               gl_untouched);
    xfb_bound xb;
    /* the primitives transform feedback records are the last stage's: a
     * tessellation evaluation stage's as its translation emits them
     * (MW_TESS_MODE: point mode unless connected, lines for isolines) */
    GLenum xfb_raster = raster_mode;
    if (tess && !geometry) {
        const uint8_t m = MW_TESS_MODE(st->program.tess_parameters);
        xfb_raster = !(m & MW_TESS_CONNECTED) ? GL_POINTS : (m & 3) == 0 ? GL_LINES : GL_TRIANGLES;
    }
    if (res == GLHLE_RESULT_OK && xfb_on)
        res = xfb_bind(r, st, &xfb, xfb_mask, xfb_raster, geometry || tess, ev->u.draw.count, &xb);
    if (res != GLHLE_RESULT_OK)
        return res;
    /* state: set again only when something it is made of changed
     * (raster_cache) */
    raster_cache *rc = &d->rc;
    if (!gl_untouched || rc->dirty & RASTER_GROUPS || rc->scale != r->scale || rc->polygon_gs != polygon_gs ||
        rc->raster_mode != raster_mode || rc->rotate != rotate || rc->srgb_target != d->srgb_target ||
        rc->viewports != viewports) {
        res = raster_state(r, st, raster_mode, polygon_gs, rotate, viewports);
        if (res != GLHLE_RESULT_OK)
            return res;
        rc->dirty = 0;
        rc->scale = r->scale;
        rc->polygon_gs = polygon_gs;
        rc->raster_mode = raster_mode;
        rc->rotate = rotate;
        rc->srgb_target = d->srgb_target;
        rc->viewports = viewports;
    }
    const uint32_t img_mask = d->kc.img_mask;
    if (img_mask && (res = bind_images(r, tex_mask)) != GLHLE_RESULT_OK)
        return res;
    gl_state_framebuffer(&r->st, d->fbo);
    const GLenum cull_face = st->raster.cull_face == 0x404   ? GL_FRONT
                             : st->raster.cull_face == 0x408 ? GL_FRONT_AND_BACK
                                                             : GL_BACK;
    gl_state_program(&r->st, prog->program);
    /* set on every such draw: another instance on this context may have
     * changed it, and no other draw reads it */
    if (tess)
        gl->PatchParameteri(GL_PATCH_VERTICES, (GLint)st->program.patch_size);
    gl_state_vertex_array(&r->st, d->vao);
    if (prog->instance_loc >= 0)
        gl->ProgramUniform1i(prog->program, prog->instance_loc, (GLint)ev->u.draw.instance);
    /* the viewports whose y the program flips (viewport_array), on every
     * such draw: the program may be another than the last one's */
    if (viewports && d->viewport_flip && !prog->viewport_flip) {
        mw_images_unbind(r, img_mask);
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: viewports whose y scale flips unlike "
                          "viewport 0's (mask 0x%04x), and a program that cannot flip them: not drawn",
                          d->viewport_flip);
    }
    if (prog->viewport_flip)
        gl->ProgramUniform1ui(prog->program, MW_VIEWPORT_FLIP_LOCATION, viewports ? d->viewport_flip : 0);
    /* the targets' first layer, which the program adds to its layer
     * (targets), on every such draw for the same reason */
    if (layered && d->layer_base && !prog->layer_base)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: a layered draw from first layer %u, and a "
                          "program with no layer base (it never stores the layer its SPH outputs): not drawn",
                          d->layer_base);
    if (prog->layer_base)
        gl->ProgramUniform1i(prog->program, MW_LAYER_BASE_LOCATION, layered ? (GLint)d->layer_base : 0);
    if (prog->es_logic_op)
        es_logic_op(r, st, prog->program);
    if (prog->polygon_gs) {
        const bool cull = st->raster.cull_enable;
        gl->ProgramUniform1i(prog->program, MW_POLY_CULL_LOCATION,
                             (cull && cull_face != GL_BACK ? 1 : 0) | (cull && cull_face != GL_FRONT ? 2 : 0) |
                                 (st->raster.front_face == 0x900 ? 4 : 0) |
                                 (GLint)((st->raster.user_clip_enable & 0xFF) << 8));
        if (polygon_gs == MW_PROGRAM_HOST_POLYGON_POINT)
            gl->ProgramUniform1f(prog->program, MW_POLY_POINT_SIZE_LOCATION,
                                 st->raster.point_size > 0 ? st->raster.point_size : 1);
    }
    if (prog->es_point_size) /* ES: points are sized in the program (programs.c es_point_size); 0 keeps its own */
        gl->ProgramUniform1f(prog->program, MW_POINT_SIZE_LOCATION,
                             mode == GL_POINTS && !st->raster.point_size_attribute
                                 ? (st->raster.point_size > 0 ? st->raster.point_size : 1)
                                 : 0);
    if (xfb_on) {
        mw_query_xfb_begin(r, xb.streams);
        if (xb.captures)
            gl->BeginTransformFeedback(xb.prim);
    }
    if (!st->raster.rasterize_enable) /* gl_state keeps it off (gl_state_clip_distance0): back off below */
        gl->Enable(GL_RASTERIZER_DISCARD);
    if (rotate) {
        /* the rotated list: restarts already taken apart, the base vertex
         * still the GL's to add (the list holds the indices as written) */
        gl_state_raster_cap(&r->st, GL_RASTER_PRIMITIVE_RESTART, false);
        gl->DrawElementsInstancedBaseVertexBaseInstance(draw_mode, (GLsizei)rotated_count, GL_UNSIGNED_INT,
                                                        (const void *)(uintptr_t)index_offset, 1,
                                                        ev->u.draw.indexed ? (GLint)ev->u.draw.base_vertex : 0,
                                                        ev->u.draw.instance);
        r->stats.provoking_rotations++;
    } else if (ev->u.draw.indexed) {
        /* SET_DA_PRIMITIVE_RESTART: the index compares as the draw's
         * indices are written, before the base vertex, as in GL */
        gl_state_raster_cap(&r->st, GL_RASTER_PRIMITIVE_RESTART, st->restart.enable);
        if (st->restart.enable)
            gl_state_restart_index(&r->st, st->restart.index);
        gl->DrawElementsInstancedBaseVertexBaseInstance(mode, (GLsizei)ev->u.draw.count, itype,
                                                        (const void *)(uintptr_t)index_offset, 1,
                                                        (GLint)ev->u.draw.base_vertex, ev->u.draw.instance);
    } else {
        gl_state_raster_cap(&r->st, GL_RASTER_PRIMITIVE_RESTART, false);
        gl->DrawArraysInstancedBaseInstance(mode, (GLint)ev->u.draw.first, (GLsizei)ev->u.draw.count, 1,
                                            ev->u.draw.instance);
    }
    if (!st->raster.rasterize_enable)
        gl->Disable(GL_RASTERIZER_DISCARD);
    if (d->ring.ctx)
        gl_stream_end(&d->ring);
    if (xfb_on && (res = xfb_end(r, st, &xb)) != GLHLE_RESULT_OK) {
        mw_images_unbind(r, img_mask);
        return res;
    }
    d->rc.valid = true;
    d->rc.issued = r->st.issued;
    d->rc.invalidations = r->st.invalidations;
    mark_rendered(r, st);
    r->stats.draws++;
    if (img_mask) {
        /* the stores before what reads the image next: the write-back's
         * glGetTextureImage (TEXTURE_UPDATE), and a later draw's image
         * loads and fetches (GL 4.6 7.13.2, ES 3.2 7.11.2: incoherent
         * image stores need the barrier) */
        gl->MemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT |
                          GL_TEXTURE_FETCH_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT);
        res = mw_images_write_back(r, "draw", d->kc.img, img_mask, d->kc.img_raw, &r->stats.draw_image_writebacks);
        if (res != GLHLE_RESULT_OK)
            return res;
    }
    (void)w;
    (void)h;
    return tex_res;
}

static char *dup_or_null(const char *s)
{
    if (!s || !*s)
        return NULL;
    const size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

glhle_result mw_render_set_shaders(mw_render *r, const mw_shader_config *c)
{
    free(r->shader.cache_dir);
    free(r->shader.cache_title);
    r->shader = *c;
    r->shader.cache_dir = dup_or_null(c->cache_dir);
    r->shader.cache_title = dup_or_null(c->cache_title);
    if ((c->cache_dir && *c->cache_dir && !r->shader.cache_dir) ||
        (c->cache_title && *c->cache_title && !r->shader.cache_title))
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for the shader cache settings");
    if (!r->shader.cache_dir || r->draw)
        return GLHLE_RESULT_OK;
    /* precompile at creation: the draw path, the compute state and their
     * program services now */
    glhle_result res = gl_context_enter(r->ctx);
    if (res == GLHLE_RESULT_OK)
        res = draw_state(r);
    return res == GLHLE_RESULT_OK ? mw_compute_precompile(r) : res;
}

_Static_assert(sizeof(glhle_shader_stats) % sizeof(uint64_t) == 0, "glhle_shader_stats holds only uint64_t counts");

/* *out += *add, field by field */
static void add_stats(glhle_shader_stats *out, const glhle_shader_stats *add)
{
    uint64_t a[sizeof *out / sizeof(uint64_t)], b[sizeof *out / sizeof(uint64_t)];
    memcpy(a, out, sizeof a);
    memcpy(b, add, sizeof b);
    for (size_t i = 0; i < sizeof a / sizeof a[0]; i++)
        a[i] += b[i];
    memcpy(out, a, sizeof a);
}

/* The graphics (with the polygon mode, geometry and tessellation stage programs') and compute services'
 * figures together: every field is a count, so they add (compute launches
 * are not draws: `draws` is the draw path's alone). */
void mw_render_shader_stats(const mw_render *r, glhle_shader_stats *out)
{
    memset(out, 0, sizeof *out);
    glhle_shader_stats more;
    if (r->draw && r->draw->programs)
        gl_program_service_get_stats(r->draw->programs, out);
    for (int i = 0; i < 2; i++)
        if (r->draw && r->draw->polygon_programs[i]) {
            gl_program_service_get_stats(r->draw->polygon_programs[i], &more);
            add_stats(out, &more);
        }
    gl_program_service *vtg[2] = {r->draw ? r->draw->gs_programs : NULL, r->draw ? r->draw->tess_programs : NULL};
    for (int i = 0; i < 2; i++)
        if (vtg[i]) {
            gl_program_service_get_stats(vtg[i], &more);
            add_stats(out, &more);
        }
    mw_compute_shader_stats(r, &more);
    add_stats(out, &more);
    out->draws = r->stats.draws;
    out->dispatches = r->stats.launches;
}
