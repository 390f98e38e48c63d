/* Maxwell (GM20B) shader code -> SPIR-V 1.0 for OpenGL.
 *
 * Input: the program's instructions (32-byte bundles: a scheduling word and
 * three instructions, as the GPU reads them), its 0x50-byte Shader Program
 * Header (graphics stages) and a translation key: everything outside the code
 * that changes the translation (the stage, the constant-buffer roles of the
 * driver ABI, the type of each bound texture). Output: a SPIR-V module that
 * passes spirv-val for OpenGL 4.5 and a resource table for spirv_glsl.h.
 *
 * Resources are decorated in guest terms (spirv_glsl.h remaps them):
 *   constant buffer N       DescriptorSet 0, Binding N   (a UBO)
 *   texture handle slot S   DescriptorSet 1, Binding S   (a combined image sampler)
 *   global-memory buffer n  DescriptorSet 2, Binding n   (a storage buffer: mw_spirv_result.ssbo[n]
 *                           names the constant-buffer word holding its address)
 *   image slot I            DescriptorSet 3, Binding I   (a storage image; I = (handle offset -
 *                           key.img_handle_offset) / 4)
 * where S = (handle offset in the texture-handle buffer - abi.tex_handle_offset) / 4; for a
 * bindless form, the offset its handle register was loaded from, or a slot of its own for a
 * handle elsewhere (mw_spirv_reachable_textures).
 * mw_spirv_gl_bindings() turns them into glhle's GL layout. */
#ifndef GLHLE_SHADERGEN_MAXWELL_SPIRV_H
#define GLHLE_SHADERGEN_MAXWELL_SPIRV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/common/bytebuf.h"
#include "backend/common/log.h"
#include "glhle/glhle.h"
#include "shadergen/spirv_glsl.h"

typedef enum mw_spirv_stage {
    MW_SPIRV_VERTEX,
    MW_SPIRV_TESS_CTRL,
    MW_SPIRV_TESS_EVAL,
    MW_SPIRV_GEOMETRY,
    MW_SPIRV_FRAGMENT,
    MW_SPIRV_COMPUTE,
    MW_SPIRV_STAGE_COUNT_
} mw_spirv_stage;

/* Texture kinds a key names per handle slot (from the bound texture header). */
enum {
    MW_TEX_NONE = 0,
    MW_TEX_1D,
    MW_TEX_2D,
    MW_TEX_3D,
    MW_TEX_CUBE,
    MW_TEX_1D_ARRAY,
    MW_TEX_2D_ARRAY,
    MW_TEX_CUBE_ARRAY,
    MW_TEX_2D_MS,       /* multisampled: only TLD.MS reads them (sampler2DMS) */
    MW_TEX_2D_MS_ARRAY, /* sampler2DMSArray */
    MW_TEX_KIND_MASK = 0x0f,
    MW_TEX_SHADOW = 0x10, /* depth compare sampler */
    MW_TEX_SINT = 0x20,   /* integer texel formats: isampler / usampler */
    MW_TEX_UINT = 0x40,
    /* coordinates in texels, not [0, 1]: the header's NORMALIZED_COORDS
     * (MW(191:191)) clear, or the sampler's FLOAT_COORD_NORMALIZATION
     * FORCE_UNNORMALIZED_COORDS (TEXSAMP1 25:25; clb197tex.h, Mesa nvk's
     * nil image views set the header bit and let the sampler force it).
     * Not set for cube kinds, whose coordinates are a direction, nor for
     * multisample kinds (only TLD.MS reads them, in texels). */
    MW_TEX_UNNORM = 0x80,
};

/* Component types of attributes and render targets: the raw 32 bits of a
 * register are the value, so an integer target takes them unconverted. */
enum { MW_VAL_FLOAT = 0, MW_VAL_SINT = 1, MW_VAL_UINT = 2 };
/* A vertex attribute's attr_type: its MW_VAL_* (bits 0-1), how the vertex
 * stage fetches it (bits 4-6) and SWAP_R_AND_B (bit 7: components 0 and 2
 * trade places after the fetch, for every layout, so that no GL_BGRA
 * format, which ES has not, is needed). MW_FETCH_FORMAT: the GL format
 * gives the components; the others read one 32-bit unsigned word (GL
 * VertexAttribIFormat 1 x UNSIGNED_INT) that the translation unpacks, for
 * the layouts GL's formats cannot say (clb197.h SET_VERTEX_ATTRIBUTE_A
 * COMPONENT_BIT_WIDTHS A2B10G10R10 0x30 and B10G11R11 0x31): the 10:10:10:2
 * fields (R bits 0-9, G 10-19, B 20-29, A 30-31) zero-extended (UINT) or
 * sign-extended (SINT), as Vulkan's A2B10G10R10_UINT/SINT_PACK32 (yuzu's
 * maxwell_to_vk and Ryujinx's vertex format table map the layout's integer
 * types to them), and 11:11:10 as unsigned floats (R bits 0-10, G 11-21 of
 * 5-bit exponent and 6-bit mantissa, B 22-31 with a 5-bit mantissa: GL
 * 4.6 2.3.4.3-4), w 1. */
enum { MW_FETCH_FORMAT = 0, MW_FETCH_U10_10_10_2 = 1, MW_FETCH_S10_10_10_2 = 2, MW_FETCH_UF11_11_10 = 3 };
#define MW_ATTR_SWAP_RB 0x80u
#define MW_ATTR(val, fetch, swap) ((uint8_t)((val) | (fetch) << 4 | ((swap) ? MW_ATTR_SWAP_RB : 0)))
#define MW_ATTR_VAL(a) ((uint32_t)(a) & 3u)
#define MW_ATTR_FETCH(a) ((uint32_t)(a) >> 4 & 7u)

/* Image formats a key names per image slot (from the bound image's texture header) */
enum {
    MW_IMG_NONE = 0,
    MW_IMG_R32UI,
    MW_IMG_R32I,
    MW_IMG_R32F,
    MW_IMG_RGBA8,   /* unorm */
    MW_IMG_RGBA8UI,
    MW_IMG_RGBA16F,
    MW_IMG_RGBA32F,
    MW_IMG_RGBA32UI,
    MW_IMG_FORMAT_COUNT_
};

#define MW_SPIRV_TEX_SLOTS 32
#define MW_SPIRV_IMG_SLOTS 8 /* GL 4.5's MAX_COMPUTE_IMAGE_UNIFORMS minimum */
#define MW_SPIRV_SSBOS 8  /* global-memory buffers (GL 4.5's MAX_COMPUTE_SHADER_STORAGE_BLOCKS minimum) */
#define MW_SPIRV_CBUFS 18 /* constant buffers per stage (clb197.h: 18 bind groups' slots) */

/* Everything besides the code that changes the translation; plain data,
 * zeroed before filling, hashed and memcmp-compared by the program cache. */
typedef struct mw_spirv_key {
    uint8_t stage;            /* mw_spirv_stage */
    uint8_t tex_handle_cbuf;  /* constant buffer with the texture handles (deko3d: 0) */
    uint8_t prim_in;          /* geometry: MW_PRIM_IN_* of the draw's topology (the SPH does not hold it) */
    uint8_t tess_mode;        /* tessellation evaluation: MW_TESS_MODE(the 3D engine's tessellation parameters) */
    uint32_t tex_handle_offset; /* byte offset of this stage's handle table in it (deko3d frag: 0x690) */
    uint8_t tex[MW_SPIRV_TEX_SLOTS]; /* MW_TEX_* per slot */
    uint8_t attr_type[32]; /* vertex: MW_ATTR(MW_VAL_*, MW_FETCH_*, swap) of each input attribute (its format) */
    uint8_t rt_type[8];    /* fragment: MW_VAL_* of each render target (its colour format) */
    /* Generic varyings (vertex outputs, fragment inputs) are vec4 by default,
     * which every translated stage agrees on. When the other stage is native
     * GLSL, GL wants its declared type: MW_VARYING(components, MW_VAL_*). */
    uint8_t varying[32];
    /* SULD/SUST/SUATOM and TXQ on an image: the image handles' byte offset in
     * tex_handle_cbuf (deko3d: the stage's texture table + 0x80) and each
     * slot's format (MW_IMG_*) */
    uint32_t img_handle_offset;
    uint8_t img[MW_SPIRV_IMG_SLOTS];
    /* fragment: the internal resolution scale (1-8; 0 or 1: none). The
     * guest's gl_FragCoord.xy is the scaled one divided by it, as yuzu's
     * rescaling pass multiplies FragCoord.xy by the resolution's down factor
     * (shader_recompiler/ir_opt/rescaling_pass.cpp PatchFragCoord) */
    uint8_t frag_coord_scale;
    uint8_t reserved[7]; /* zero */
} mw_spirv_key;
/* Geometry input primitives (their vertex counts: 1 2 4 3 6) */
enum { MW_PRIM_IN_POINTS, MW_PRIM_IN_LINES, MW_PRIM_IN_LINES_ADJ, MW_PRIM_IN_TRIANGLES, MW_PRIM_IN_TRIANGLES_ADJ,
       MW_PRIM_IN_COUNT_ };
/* SPH output topologies of a geometry shader (common3 bits 24-27) */
enum { MW_SPIRV_TOPOLOGY_POINTS = 1, MW_SPIRV_TOPOLOGY_LINE_STRIP = 6, MW_SPIRV_TOPOLOGY_TRIANGLE_STRIP = 7 };
/* The tessellation parameters word (deko3d keeps it in the evaluation
 * program's header, the corpus' quad_tesh: 0x202; fields as Mesa's nvc0
 * TESS_MODE: bits 0-1 domain 0 isolines 1 triangles 2 quads, 4-5 spacing 0
 * equal 1 fractional odd 2 fractional even, 8 clockwise, 9 connected
 * (clear: point mode)) packed into a byte: domain 0-1, spacing 2-3. */
#define MW_TESS_CW 0x10
#define MW_TESS_CONNECTED 0x20
#define MW_TESS_MODE(reg) ((uint8_t)(((reg) & 3) | ((reg) >> 2 & 0xc) | ((reg) >> 4 & 0x30)))
#define MW_VARYING(components, val) ((uint8_t)((components) | (val) << 4))
_Static_assert(sizeof(mw_spirv_key) == 132,
               "mw_spirv_key layout changed: bump MW_PROGRAM_KEY_VERSION and MW_COMPUTE_KEY_VERSION");

/* Transform feedback of the last vertex-pipeline stage (the 3D engine's
 * stream output, maxwell_state.h): per buffer b, count[b] 32-bit
 * components per vertex, component j (at byte 4 j of the vertex's record,
 * stride[b] bytes apart) the output attribute attr[b][j] (its byte address
 * / 4: 28-31 the position, 32 + 4 i + c generic i's component c, 176-183
 * the clip distances, 25 the layer, 26 the viewport index). The stage
 * declares a capture output per run of consecutive components of one
 * vector (uint or uvecN, Offset 4 j, XfbBuffer b, XfbStride stride[b];
 * ExecutionMode Xfb), zero at the start and stored with the raw bits of
 * each write of the attribute. A component naming an attribute no stage
 * writes is a gap: nothing declared, the buffer's bytes there untouched.
 * stream[b] is the geometry stream the buffer records
 * (SET_STREAM_OUT_CONTROL_STREAM): its outputs are decorated Stream
 * stream[b], so OUT on that stream (OpEmitStreamVertex) records them; a
 * stream past 0 only from a geometry stage whose output is points (GLSL
 * 4.50 4.4.2.2), else refused. The rasterized outputs are stream 0's.
 * Plain data: a buffer not captured is all zero, attr past count[b] zero
 * (mw_spirv_xfb_valid). */
#define MW_SPIRV_XFB_BUFFERS 4
typedef struct mw_spirv_xfb {
    uint32_t stride[MW_SPIRV_XFB_BUFFERS]; /* bytes, a multiple of 4, at least 4 count */
    uint8_t count[MW_SPIRV_XFB_BUFFERS];   /* 0: not captured; at most 128 */
    uint8_t stream[MW_SPIRV_XFB_BUFFERS];  /* 0-3 */
    uint8_t reserved[8];                   /* zero */
    uint8_t attr[MW_SPIRV_XFB_BUFFERS][128];
} mw_spirv_xfb;
_Static_assert(sizeof(mw_spirv_xfb) == 544, "mw_spirv_xfb layout changed: bump MW_PROGRAM_KEY_VERSION");
/* the layout is one the translation takes: strides and counts as said,
 * something captured, the padding zero */
bool mw_spirv_xfb_valid(const mw_spirv_xfb *x);
/* whether the translation declares a capture output for it: some component
 * names an attribute a stage writes (not all gaps) */
bool mw_spirv_xfb_captures(const mw_spirv_xfb *x);

typedef struct mw_spirv_input {
    const uint64_t *code; /* from the first bundle's scheduling word */
    size_t words;         /* 64-bit words of code (bounded by the caller's program region) */
    const uint8_t *sph;   /* 0x50 bytes, NULL for compute */
    mw_spirv_key key;
    uint32_t local_size[3]; /* compute: block dimensions */
    uint32_t shared_bytes;  /* compute: the block's shared memory (QMD SHARED_MEMORY_SIZE, deko3d's
                             * shared_mem_sz); LDS/STS/ATOMS are refused when 0. At most 48 KiB
                             * (GM20B's per-block limit). local_size and shared_bytes are part of the
                             * program's identity with the key. */
    bool dispatcher;        /* tests: the dispatcher even where the code is structured (not in the key:
                             * both layouts compute the same) */
    bool tex_1d_as_2d;      /* the host has no 1D textures (OpenGL ES; gl_caps_texture_1d_as_2d): MW_TEX_1D
                             * and MW_TEX_1D_ARRAY slots are declared 2D and 2D-array images, which the GL
                             * side makes of height 1, sampled at y = 0.5 and fetched at y = 0. The host's,
                             * like the GLSL dialect: not in the key */
    const mw_spirv_xfb *xfb; /* transform feedback of this (the last vertex-pipeline) stage, NULL: none. Part of
                              * the program's identity with the key (the program key carries it) */
    bool no_subgroups;      /* the host has no subgroup operations (OpenGL ES: no ARB_shader_ballot /
                             * ARB_shader_group_vote): VOTE, SHFL other than the fragment quad butterfly
                             * and the lane registers outside compute are refused with that reason. The
                             * host's: not in the key */
    bool viewport_layer_array; /* the host has ARB_shader_viewport_layer_array (desktop GL with it:
                                * glhle_context_info.viewport_layer_array): a vertex or tessellation
                                * evaluation shader's stores to the layer (a[0x64]) and the viewport
                                * index (a[0x68]) become Layer and ViewportIndex there; without it
                                * they are refused with that reason. The host's: not in the key */
    /* Vertex (B) only: the vertex-A program (the 3D engine's
     * SET_PIPELINE_SHADER(0), NULL: none) that runs first, joined with
     * this one into one vertex stage. A reads the vertex attributes; each
     * generic output component its SPH's output map enables
     * (OmapGenericVector) is handed to B, whose loads of that component
     * read what A stored there (a private array, zero until A stores)
     * instead of the vertex attribute; B's loads of the others read the
     * attributes (Ryujinx Translation/TranslatorContext.cs Combine: A's
     * user-attribute stores become temporaries, B's loads of those read
     * them; its EXIT, here each of its EXITs, goes on to B's first
     * instruction). A's other stores (position, clip distances) are the
     * stage's outputs, as B's are. Registers, predicates and local memory
     * (the larger of the two SPHs' sizes) are shared, as in yuzu's
     * MergeDualVertexPrograms (shader_recompiler/frontend/maxwell/
     * translate_program.cpp: A's blocks then B's in one program); the
     * stack starts empty in B. B's SPH gives the stage's outputs, A's
     * its own input map and output map (indexed ALD/AST in A). Such a
     * program is translated with the dispatcher. Part of the program's
     * identity (the program id, the cache and the program key carry A's
     * reachable code and SPH). */
    const uint64_t *a_code;
    size_t a_words;
    const uint8_t *a_sph;
} mw_spirv_input;

typedef struct mw_spirv_result {
    glhle_bytebuf spirv;  /* the module's words */
    uint32_t cbuf_mask;   /* constant buffers the code reads */
    uint32_t tex_mask;    /* texture slots it samples */
    uint32_t img_mask;    /* image slots it loads, stores or queries */
    uint32_t img_raw_mask; /* of those, the ones accessed raw (SULD.D/SUST.D/SUATOM): bind them as R32UI / R32I
                            * views, the format the declaration says */
    uint32_t instructions; /* instructions translated (reachable, not counting NOPs) */
    bool structured;      /* laid out as SPIR-V selections and loops, not the dispatcher */
    /* LDG/STG: buffer n's address is the 64-bit word at c[cbuf][offset]
     * (for deko3d, c0[0x140 + 16 b] is compute SSBO binding b); the caller
     * binds that buffer, its size what the descriptor says */
    uint32_t ssbo_count;
    struct {
        uint8_t cbuf;
        uint16_t offset;
    } ssbo[MW_SPIRV_SSBOS];
    char reason[160];     /* why the translation was refused (empty on success) */
} mw_spirv_result;

void mw_spirv_result_init(mw_spirv_result *r);
void mw_spirv_result_free(mw_spirv_result *r);

/* Translates; GLHLE_RESULT_UNSUPPORTED for code using what is not
 * translated yet, BAD_DATA / OUT_OF_BOUNDS for malformed code (jumps out of
 * the program, unknown encodings), LIMIT_EXCEEDED past the size caps; every
 * refusal logs and fills r->reason with the instruction's byte offset. */
glhle_result mw_spirv_translate(const mw_spirv_input *in, const glhle_logger *log, mw_spirv_result *r);

/* glhle's GL binding layout: per stage, constant buffer N of stage s goes to
 * UBO binding s * MW_GL_UBOS_PER_STAGE + N (N < MW_GL_UBOS_PER_STAGE), texture
 * slot S to unit s * MW_GL_TEXTURES_PER_STAGE + S. 14 UBOs and 16 textures per
 * stage are the GL 4.5 minimums (MAX_VERTEX_UNIFORM_BLOCKS, MAX_TEXTURE_IMAGE_UNITS),
 * and five graphics stages fit in the minimum MAX_UNIFORM_BUFFER_BINDINGS (84)
 * and MAX_COMBINED_TEXTURE_IMAGE_UNITS (80). */
#define MW_GL_UBOS_PER_STAGE 14
#define MW_GL_TEXTURES_PER_STAGE 16
/* Fills `out` (room for MW_SPIRV_CBUFS + MW_SPIRV_TEX_SLOTS + MW_SPIRV_SSBOS
 * + MW_SPIRV_IMG_SLOTS entries) with the remap of the resources r uses;
 * returns the count. Global-memory buffer n goes to shader-storage binding n
 * (compute: GL 4.5 guarantees 8; graphics stages may have none), image slot
 * I to image unit I (the same). Compute's texture slot S goes to unit S: a
 * launch never overlaps a draw, GL guarantees compute 16 units
 * (MAX_COMPUTE_TEXTURE_IMAGE_UNITS), and 80 + S would be ES's logic-op
 * unit (programs.h MW_LOGIC_DEST_UNIT) and need 96 combined units. */
size_t mw_spirv_gl_bindings(const mw_spirv_result *r, mw_spirv_stage stage, spv_glsl_binding *out);

/* ---- the translation key: which program this is ----
 *
 * A program is identified by its header plus the code reachable from the
 * entry (what follows the last reachable bundle, uam's padding and
 * constant-buffer data, does not change the translation), and the key. The
 * id hashes them (XXH3-64); a cache confirms a hash hit with memcmp of the
 * bytes themselves, since a hash alone is not identity (design.md "Keys"). */

/* Words (from the first scheduling word) the translation reads: up to and
 * including the bundle of the last instruction reachable from the entry.
 * 0 when the code cannot be walked (the translation would refuse it).
 * With a vertex-A program (a_code), those of `code` (vertex B's); the
 * slots and images below are both programs'. */
size_t mw_spirv_reachable_words(const mw_spirv_input *in);
/* The same, and into *tex_slots the texture slots (relative to
 * key.tex_handle_offset) the reachable code's texture instructions name: a
 * superset of mw_spirv_result.tex_mask, which depends on neither key.tex
 * nor the texture headers, so a caller reads only these slots' handles
 * (key.tex of the others is left 0). A bindless form (TEX.B, TLD.B, TLD4.B, TXD.B, TMML.B, TXQ.B)
 * names the slot of the word of key.tex_handle_cbuf's table its handle
 * register was loaded from in its block (LDC or MOV c[]), so the slots
 * depend on key.tex_handle_cbuf too. 0 slots when the code cannot be walked. */
size_t mw_spirv_reachable_slots(const mw_spirv_input *in, uint32_t *tex_slots);
/* The same for images: into *img_slots the image slots (relative to
 * key.img_handle_offset) the reachable SULD/SUST/SUATOM and TXQ name, a
 * superset of mw_spirv_result.img_mask that depends on neither key.img nor
 * the headers. Into *img_maybe (NULL: not wanted) those of them that are
 * only one reading of a bound SUATOM whose handle field also holds its type
 * (Mesa's encoding, maxwell_spirv.c emit_suatom): the caller binds those it
 * can, leaving the others' key.img MW_IMG_NONE, and the translation picks
 * the reading the formats allow. */
size_t mw_spirv_reachable_images(const mw_spirv_input *in, uint32_t *img_slots, uint32_t *img_maybe);
/* The same, and into *img_raw those of the slots a SULD.D/SUST.D names
 * (raw 32-bit words: the translation declares them R32UI whatever the
 * key's format, mw_spirv_result.img_raw_mask), for a caller that binds
 * images without the translation's result (a program from the disk cache). */
size_t mw_spirv_reachable_image_access(const mw_spirv_input *in, uint32_t *img_slots, uint32_t *img_maybe,
                                       uint32_t *img_raw);

/* Where a slot's handle word is when it is not the table's: a bindless
 * handle loaded (LDC, MOV c[]) from another constant buffer, or from
 * outside the stage's table, gets a slot of its own, the lowest of 0-15
 * that no instruction names otherwise (in code order, one per distinct
 * word), and the caller reads that slot's handle at c[cbuf][offset]. */
typedef struct mw_spirv_tex_source {
    uint8_t moved;  /* 1: the handle is at cbuf / offset below */
    uint8_t cbuf;   /* constant buffer */
    uint16_t pad;
    uint32_t offset; /* byte offset in it */
} mw_spirv_tex_source;

/* mw_spirv_reachable_slots, and each slot's source (src[s].moved 0: the
 * table's word s) */
size_t mw_spirv_reachable_textures(const mw_spirv_input *in, uint32_t *tex_slots,
                                   mw_spirv_tex_source src[MW_SPIRV_TEX_SLOTS]);

typedef struct mw_spirv_program_id {
    uint64_t hash;    /* XXH3-64 of the SPH, the reachable code, the key and the compute block's shape */
    uint32_t words;   /* mw_spirv_reachable_words */
    uint32_t pad;
} mw_spirv_program_id;

/* false when the code cannot be walked */
bool mw_spirv_program_id_of(const mw_spirv_input *in, mw_spirv_program_id *out);

/* A bounded cache of translations. A lookup hashes the key, the header
 * and the first bundle (no walk, no allocation), then memcmps each candidate's
 * stored reachable code against the input: identical reachable words walk to
 * the identical program, so equal bytes are the identity. A miss walks,
 * translates and stores. */
#define MW_SPIRV_CACHE_ENTRIES 256
typedef struct mw_spirv_cache_entry {
    uint64_t quick;           /* hash of key, header and first bundle */
    mw_spirv_program_id id;
    mw_spirv_key key;
    uint32_t local_size[3], shared_bytes; /* compute */
    uint8_t sph[0x50];
    bool has_sph, used;
    uint64_t *code;           /* a copy of the reachable words */
    uint64_t *a_code;         /* the vertex-A program's (NULL: none), a_words of them, and its SPH */
    uint32_t a_words;
    uint8_t a_sph[0x50];
    uint8_t *spirv;           /* the translation */
    size_t spirv_size;
    uint64_t last_use;
} mw_spirv_cache_entry;

typedef struct mw_spirv_cache {
    mw_spirv_cache_entry e[MW_SPIRV_CACHE_ENTRIES];
    uint64_t clock, hits, misses, collisions;
} mw_spirv_cache;

void mw_spirv_cache_init(mw_spirv_cache *c);
void mw_spirv_cache_free(mw_spirv_cache *c);
/* The SPIR-V of `in` (valid until the entry is evicted: the next
 * mw_spirv_cache_get that misses), translating on a miss; the least
 * recently used entry makes room. Errors are the translation's. */
glhle_result mw_spirv_cache_get(mw_spirv_cache *c, const mw_spirv_input *in, const glhle_logger *log,
                                const uint8_t **spirv, size_t *size);

#endif
