/* The Maxwell key type in the program cache service (backend/gl/program_service.h),
 * system id 3 (GL_SHC_SYSTEM_MAXWELL), file DIR/TITLE.maxwell.glsc.
 *
 * A Maxwell program is guest code, so its key is the translated program's
 * identity itself (maxwell_spirv.h "the translation key"): per stage
 * (vertex B, pixel, geometry, tessellation control, tessellation
 * evaluation) the number of code words the translation reads
 * (mw_spirv_reachable_words; 0 for a stage the draw has not), the
 * translation key (mw_spirv_key) and the 0x50-byte Shader Program Header
 * -- those of the stages after the pixel one only where the program has
 * them (mw_program_stage_key), so that a two-stage key hashes and compares
 * no more than before -- followed by the reachable code of the stages in
 * that order. A vertex-A program (SET_PIPELINE_SHADER(0), joined before
 * vertex B: maxwell_spirv.h mw_spirv_input.a_code) adds its word count to
 * the flags, its stage key (vertex B's translation key, A's SPH) after
 * the others and its reachable code after theirs. The code is the entry's source: a disk cache entry
 * regenerates the program from its key alone (translation, SPIRV-Cross,
 * the binding layout), like the PICA's. Keys are variable-size
 * (gl_shc_system_info.key_size_of): 448 fixed bytes, 216 per stage beyond
 * the two (and for vertex A), 544 for a transform feedback layout, 8 per
 * code word.
 *
 * Portable layout: every integer little-endian (mw_spirv_key's two 32-bit
 * fields are in host order, little-endian on every host glhle builds on;
 * its padding bytes are zero), the code as the GPU reads it (64-bit
 * little-endian words from the first bundle's scheduling word). */
#ifndef GLHLE_MAXWELL_RENDER_PROGRAMS_H
#define GLHLE_MAXWELL_RENDER_PROGRAMS_H

#include "backend/gl/program_service.h"
#include "shadergen/maxwell_spirv.h"

/* Bump when the key's layout or what the generator makes of it changes. */
#define MW_PROGRAM_KEY_VERSION 11u /* 2: mw_spirv_key.frag_coord_scale; 3: the geometry stage; 4: tessellation;
                                   * 5: attr_type's fetch kind and R/B swap (MW_ATTR); 6: the viewport
                                   * flip (MW_VIEWPORT_FLIP_LOCATION); 7: transform feedback; 8: vertex A
                                   * (flags bits 8-31, its stage key and code); 9: the layer base of a
                                   * program that writes the layer (MW_LAYER_BASE_LOCATION); 10: each xfb
                                   * buffer's geometry stream (mw_spirv_xfb.stream); 11: storage images in
                                   * draws (img_handle_offset and img in the stage keys, image unit = slot) */

/* Host bits: the GLSL dialect. GLES also means no 1D textures: the
 * translation declares 1D slots 2D (mw_spirv_input.tex_1d_as_2d), as
 * gl_caps_texture_1d_as_2d makes the textures, which is true exactly on ES. */
#define MW_PROGRAM_HOST_GLES 1u
/* ES vertex programs: the uniform SET_POINT_SIZE reaches (programs.c es_point_size) */
#define MW_POINT_SIZE_LOCATION 1000
/* the host offers EXT_shader_framebuffer_fetch (ES: logic ops read the destination there) */
#define MW_PROGRAM_HOST_FETCH 2u
/* ES fragment programs' logic op (programs.c es_logic_op): ivec4 (0 off, else
 * 1 + op - GL_CLEAR), the largest value of each of target 0's channels, and,
 * without framebuffer fetch, the unit of the destination's copy */
#define MW_LOGIC_OP_LOCATION 1001
#define MW_LOGIC_MAX_LOCATION 1002
/* past the five graphics stages' units (0-79, maxwell_spirv.h; the
 * tessellation stages' 32-63 were free before they were drawn); ES 3.2
 * guarantees 96 combined units */
#define MW_LOGIC_DEST_UNIT (MW_SPIRV_COMPUTE * MW_GL_TEXTURES_PER_STAGE)
/* a desktop GL host without subgroup operations in GLSL
 * (glhle_context_info.subgroups false: no ARB_shader_ballot,
 * ARB_gpu_shader_int64 or ARB_shader_group_vote): the translation refuses
 * VOTE, a general SHFL and the lane registers (mw_spirv_input.no_subgroups)
 * instead of writing GLSL the driver cannot compile. GLES implies it. */
#define MW_PROGRAM_HOST_NO_SUBGROUPS 4u
/* a desktop GL host without ARB_shader_viewport_layer_array
 * (glhle_context_info.viewport_layer_array false): the translation refuses
 * a vertex or tessellation evaluation stage's stores to the layer and the
 * viewport index (mw_spirv_input.viewport_layer_array). GLES implies it.
 * Graphics programs only. */
#define MW_PROGRAM_HOST_NO_VIEWPORT_LAYER 32u
/* Desktop GL programs whose last vertex-pipeline stage writes the viewport
 * index (its SPH output map's VIEWPORT_INDEX): GL has one origin for all
 * viewports (glClipControl's, viewport 0's), so a viewport whose y scale's
 * sign differs from viewport 0's is drawn by that stage negating
 * gl_Position.y for its vertices: bit i of the uint uniform
 * `mw_viewport_flip` at this location says viewport i is one
 * (programs.c viewport_flip: before each EmitVertex of a geometry stage,
 * after the main of a vertex or evaluation stage; the pixel stage's
 * gl_FrontFacing turned back for those viewports). */
#define MW_VIEWPORT_FLIP_LOCATION 1005
/* Programs whose last vertex-pipeline stage writes the layer (its SPH
 * output map's RT_ARRAY_INDEX, which the key holds, so no other program
 * changes): that stage adds the int uniform `mw_layer_base` at this
 * location to every layer it writes (programs.c layer_base), and the draw
 * sets it to the targets' first layer (SET_COLOR_TARGET_LAYER /
 * SET_ZT_LAYER) with the whole 2D array or 3D texture attached layered
 * (draw.c targets), as the Maxwell puts layer l of such a draw in the
 * target's layer first + l. */
#define MW_LAYER_BASE_LOCATION 1006

/* Programs linked from the translator's SPIR-V modules themselves
 * (glhle_maxwell_desc.shader_path SPIRV on a host with
 * gl_caps_spirv, never ES): the generator writes each stage
 * as a SPIR-V text (gl_util.h GL_SPIRV_TEXT_TAG) with the bindings
 * remapped in the module's words (spv_remap_bindings) to the GL binding
 * points the GLSL path's layout(binding) gives them. Two kinds of program
 * are written as GLSL under this bit too: one whose last vertex-pipeline
 * stage writes the viewport index (its mw_viewport_flip is a patch of the
 * GLSL text, viewport_flip, and a SPIR-V module for GL has no uniform
 * names for the draw to find it by), one whose last vertex-pipeline stage
 * writes the layer (mw_layer_base, layer_base, is such a patch too), and
 * one with a transform feedback
 * layout (MW_PROGRAM_KEY_XFB: Mesa 22.3 captures the module's
 * XfbBuffer/Offset outputs in the wrong places, test_maxwell_xfb under
 * GLHLE_MAXWELL_SHADER_PATH=spirv). The bit keeps such programs apart from GLSL ones in
 * the in-memory and the disk cache (an entry's id hashes the host bits). */
#define MW_PROGRAM_HOST_SPIRV 64u

/* The host bits of a context: graphics programs (fragment framebuffer
 * fetch and NO_VIEWPORT_LAYER included) or, with `compute`, compute
 * programs (the bits that change them: GLES and NO_SUBGROUPS); with
 * `spirv` (the instance asks for SPIR-V and gl_caps_spirv says the host
 * takes it; ignored on ES) MW_PROGRAM_HOST_SPIRV. */
uint32_t mw_program_host_bits(const glhle_context_info *info, bool compute, bool spirv);

/* Polygon mode LINE or POINT where the host has none (gl_caps_polygon_mode_by_gs,
 * OpenGL ES): the program gets a geometry stage (mw_program_generate_gs)
 * that draws each triangle's edges as a closed line strip, or its corners
 * as points, and culls it itself: GL culls no lines or points. Its uniform
 * at MW_POLY_CULL_LOCATION: bit 0 culls front faces, bit 1 back faces, bit
 * 2 says front faces are clockwise, bits 8-15 are SET_USER_CLIP_ENABLE's
 * planes, which it clips the triangle by (so that the edges they cut are
 * drawn, as GL draws them); MW_POLY_POINT_SIZE_LOCATION the points'
 * size (where the host has EXT_geometry_point_size, else GL's 1). Such
 * programs are made by a service of their own (mw_program_polygon_system)
 * without a disk cache. */
#define MW_PROGRAM_HOST_POLYGON_LINE 8u
#define MW_PROGRAM_HOST_POLYGON_POINT 16u
#define MW_POLY_CULL_LOCATION 1003
#define MW_POLY_POINT_SIZE_LOCATION 1004

/* The key's stages, in its order */
enum { MW_PROGRAM_VS, MW_PROGRAM_FS, MW_PROGRAM_GS, MW_PROGRAM_TCS, MW_PROGRAM_TES, MW_PROGRAM_STAGES };

typedef struct mw_program_key {
    /* reachable 64-bit code words: vertex B, pixel, geometry, tessellation
     * control, tessellation evaluation (0: no such stage; the two
     * tessellation stages come together) */
    uint32_t words[MW_PROGRAM_STAGES];
    uint32_t flags;         /* MW_PROGRAM_KEY_XFB; bits 8-31 vertex A's reachable code words (0: none) */
    mw_spirv_key key[2];    /* stage MW_SPIRV_VERTEX, then MW_SPIRV_FRAGMENT */
    uint8_t sph[2][0x50];
    /* then an mw_program_stage_key for each further stage the program has
     * (geometry, control, evaluation: stage MW_SPIRV_GEOMETRY, _TESS_CTRL,
     * _TESS_EVAL), then with MW_PROGRAM_KEY_XFB the transform feedback
     * layout (mw_spirv_xfb) of the last of the vertex, evaluation and
     * geometry stages the program has, then the stages' code words in
     * MW_PROGRAM_* order (8-byte aligned offsets). With vertex A, its
     * stage key comes after the further stages' (before the layout) and
     * its code after all theirs. */
} mw_program_key;
_Static_assert(sizeof(mw_program_key) == 448, "mw_program_key layout changed: bump MW_PROGRAM_KEY_VERSION");
#define MW_PROGRAM_KEY_XFB 1u
#define MW_PROGRAM_KEY_A_WORDS(flags) ((flags) >> 8)
typedef struct mw_program_stage_key {
    mw_spirv_key key;  /* vertex A's: vertex B's (the joined stage's) */
    uint8_t sph[0x50];
    uint32_t reserved; /* zero */
} mw_program_stage_key;
_Static_assert(sizeof(mw_program_stage_key) == 216, "mw_program_stage_key layout changed: bump MW_PROGRAM_KEY_VERSION");

/* Stage code words a key may carry (the fetch's limit, sass_decode.h), and
 * the key's bytes at most: three stages' worth of code in all, within the
 * shader cache file's bound on variable keys (GL_SHC_MAX_VAR_KEY_BYTES, 2
 * MiB); the draw path refuses a program over it (no program comes near). */
#define MW_PROGRAM_MAX_STAGE_WORDS (1u << 16)
#define MW_PROGRAM_KEY_MAX_BYTES (448u + 4u * 216u + 544u + 3u * 8u * MW_PROGRAM_MAX_STAGE_WORDS)

/* The key's size in bytes from its fixed part, or from its stages' words,
 * vertex A's (0: none) and whether it has a transform feedback layout. */
uint32_t mw_program_key_size(const mw_program_key *k);
uint32_t mw_program_key_bytes(const uint32_t words[MW_PROGRAM_STAGES], uint32_t a_words, bool xfb);

/* Fills `out` (room for mw_program_key_bytes(words, a_words, xfb)) from the stages' inputs in MW_PROGRAM_*
 * order, stage i's code cut to words[i] reachable words; in[i] NULL for a
 * stage the program has not. The layout is the one an input's xfb points
 * to (the last vertex-pipeline stage's; NULL in every input: none).
 * Vertex A is in[MW_PROGRAM_VS]'s a_code and a_sph, its code cut to
 * a_words reachable words (0: no vertex A). */
void mw_program_key_fill(void *out, const mw_spirv_input *const in[MW_PROGRAM_STAGES],
                         const uint32_t words[MW_PROGRAM_STAGES], uint32_t a_words);

/* The vertex and pixel GLSL for a key of those two stages alone (glhle's
 * binding layout, maxwell_spirv.h), or false: the key has another stage,
 * the code is refused by the translator or a text passed its limit.
 * Reads only its arguments. */
bool mw_program_generate(const void *key, uint32_t host, glhle_bytebuf *vs, glhle_bytebuf *fs);

/* The vertex, geometry and pixel GLSL for a key with the guest's geometry
 * stage (SET_PIPELINE_SHADER(4)), each stage translated with its own key
 * (the geometry one's prim_in the draw's topology), or false as
 * mw_program_generate (and for a key without a geometry stage or a host
 * with a MW_PROGRAM_HOST_POLYGON_* bit: the polygon mode stage and the
 * guest's cannot both be the geometry stage). On GLES the geometry text's
 * outputs the pixel text reads flat become flat (es_match_flat). Reads only
 * its arguments. */
bool mw_program_generate_guest_gs(const void *key, uint32_t host, glhle_bytebuf *vs, glhle_bytebuf *gs,
                                  glhle_bytebuf *fs);
/* The same for a key with the tessellation stages (SET_PIPELINE_SHADER(2)
 * TESSELLATION_INIT, the control stage, and (3) TESSELLATION, the
 * evaluation stage, whose key's tess_mode is SET_TESSELLATION_PARAMETERS
 * packed by MW_TESS_MODE) and maybe the geometry stage (`gs` left empty
 * without one); on GLES each stage's outputs the next reads flat become
 * flat. */
bool mw_program_generate_tess(const void *key, uint32_t host, glhle_bytebuf *vs, glhle_bytebuf *tcs,
                              glhle_bytebuf *tes, glhle_bytebuf *gs, glhle_bytebuf *fs);
/* Their system (name maxwell-tess, system id 8, GL_SHC_SYSTEM_MAXWELL_TESS,
 * the same key type; file DIR/TITLE.maxwell-tess.glsc, GLSL_TESS records). */
const gl_program_system *mw_program_tess_system(void);
/* The three-stage system of those programs (same key type as
 * mw_program_system's, name maxwell-gs, system id 7,
 * GL_SHC_SYSTEM_MAXWELL_GS; file DIR/TITLE.maxwell-gs.glsc), made on the
 * first draw with a geometry stage. */
const gl_program_system *mw_program_guest_gs_system(void);

const gl_program_system *mw_program_system(void);

/* The vertex, geometry and fragment GLSL for a key on a host with one of
 * the MW_PROGRAM_HOST_POLYGON_* bits (and MW_PROGRAM_HOST_GLES): the
 * vertex and fragment text as mw_program_generate makes it, and a geometry
 * stage between them that passes the vertex text's outputs through (its
 * `layout(location = N) [flat] out T NAME;` lines and gl_ClipDistance),
 * flat ones from the triangle's last vertex (GL's last-vertex convention,
 * the one ES has: gl_caps_first_vertex_by_indices makes the first
 * convention's vertex last). False for a text it does not know how to pass
 * through, or a host without the bits. Reads only its arguments. */
bool mw_program_generate_gs(const void *key, uint32_t host, glhle_bytebuf *vs, glhle_bytebuf *gs, glhle_bytebuf *fs);
/* The three-stage system of those programs (same key as mw_program_system's,
 * name maxwell-polygon; never stored in a disk cache). */
const gl_program_system *mw_program_polygon_system(void);

/* A second key type, system id 5 (GL_SHC_SYSTEM_MAXWELL_COMPUTE, name
 * `maxwell-cs`, file DIR/TITLE.maxwell-cs.glsc): compute programs
 * (render/compute.c). A compute program has no SPH; what the QMD adds to
 * its code is the block size (CTA_THREAD_DIMENSION*, the local size) and
 * the shared memory size handed to the translator, so the key is those,
 * the translation key (stage MW_SPIRV_COMPUTE, the handle block) and the
 * reachable code. Same portable layout as mw_program_key: integers
 * little-endian, padding zero, then the code words. */
#define MW_COMPUTE_KEY_VERSION 2u /* 2: mw_spirv_key grew by 8 bytes */

typedef struct mw_compute_key {
    uint32_t words;         /* reachable 64-bit code words */
    uint32_t local_size[3]; /* the QMD's block dimensions */
    uint32_t shared_bytes;  /* mw_spirv_input.shared_bytes */
    uint32_t reserved[2];   /* zero */
    mw_spirv_key key;
    /* then `words` code words */
} mw_compute_key;
_Static_assert(sizeof(mw_compute_key) == 160, "mw_compute_key layout changed: bump MW_COMPUTE_KEY_VERSION");
#define MW_COMPUTE_KEY_MAX_BYTES (160u + 8u * MW_PROGRAM_MAX_STAGE_WORDS)

uint32_t mw_compute_key_size(const mw_compute_key *k);
/* Fills `out` (room for sizeof(mw_compute_key) + 8 * words bytes) from the
 * translator's input, its code cut to `words` reachable words. */
void mw_compute_key_fill(void *out, const mw_spirv_input *in, uint32_t words);
/* The compute shader's GLSL for a key (into `cs`), or false. */
bool mw_compute_generate(const void *key, uint32_t host, glhle_bytebuf *cs, glhle_bytebuf *unused);
const gl_program_system *mw_compute_program_system(void);

#endif
