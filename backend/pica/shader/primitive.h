/* The back half of the PICA200 geometry pipeline on the CPU: shader output
 * mapping (GPUREG_SH_OUTMAP_*) to fixed-function semantics, primitive
 * assembly (triangle list, strip, fan, geometry-shader primitives,
 * GPUREG_RESTART_PRIMITIVE), the geometry-shader input modes, and the
 * draw driver that a PICA instance's renderer hook calls for DRAW,
 * IMMEDIATE_VERTEX and RESTART_PRIMITIVE events.
 *
 * A draw produces output vertices (pica_out_vertex: the 24 semantic slots)
 * and a triangle list of indices into them, in fixed-size buffers allocated
 * once; when they fill up, or at the end of a draw, the consumer's callback
 * gets them (a GL upload, a test, a trace). Nothing is allocated per draw.
 *
 * Facts: 3dbrew GPU/Internal_Registers (semantics table of SH_OUTMAP_Oi,
 * PRIMITIVE_CONFIG modes, GSH_MISC0/1), GPU/Shader_Instruction_Set
 * (SETEMIT/EMIT); Azahar video_core/pica/ output_vertex.cpp (unmapped
 * slots read 1.0, colours clamped to min(|c|, 1) before interpolation,
 * which yuriks' hardware tests show), primitive_assembly.cpp (strip and fan
 * order, geometry-shader winding), geometry_pipeline.cpp (point, variable
 * and fixed GS input modes, b15 set after every GS invocation). */
#ifndef GLHLE_PICA_PRIMITIVE_H
#define GLHLE_PICA_PRIMITIVE_H

#include <stdbool.h>
#include <stdint.h>

#include "backend/common/log.h"
#include "backend/pica/frontend/pica_state.h"
#include "glhle/pica.h"

/* One output vertex: float k is semantic k of the SH_OUTMAP table, so the
 * struct is the map's target as is (0x11 and 0x15 are padding). Ready for a
 * GL vertex buffer. */
typedef struct pica_out_vertex {
    float pos[4];   /* 0x00-0x03 clip-space position */
    float quat[4];  /* 0x04-0x07 normal quaternion */
    float color[4]; /* 0x08-0x0B, already clamped to min(|c|, 1) */
    float tc0[2];   /* 0x0C-0x0D */
    float tc1[2];   /* 0x0E-0x0F */
    float tc0_w;    /* 0x10 */
    float pad0;     /* 0x11 */
    float view[3];  /* 0x12-0x14 */
    float pad1;     /* 0x15 */
    float tc2[2];   /* 0x16-0x17 */
} pica_out_vertex;
_Static_assert(sizeof(pica_out_vertex) == 24 * sizeof(float), "one float per semantic slot");

/* ---- output mapping ---- */

/* For each semantic slot, where it comes from among the 16 output registers
 * (register * 4 + component), or 64 for "unmapped, reads 1.0". */
typedef struct pica_output_map {
    uint8_t src[24];
} pica_output_map;

/* Builds the map for the output registers enabled in output_mask (which the
 * hardware packs into SH_OUTMAP slots in register order). When two
 * components name one semantic, the later one wins (Azahar's order). */
void pica_output_map_build(pica_output_map *m, const pica_outmap_state *om, uint16_t output_mask);
/* Fills one output vertex from the 16 output registers. */
void pica_output_map_apply(const pica_output_map *m, const float (*o)[4], pica_out_vertex *v);

/* ---- primitive assembly ---- */

typedef struct pica_assembler {
    uint8_t mode;        /* pica_primitive_mode */
    uint8_t count;       /* vertices buffered (list) / position (strip, fan) */
    bool strip_ready;    /* strip/fan: two vertices seen */
    bool winding;        /* geometry primitives: reverse the next triangle */
    uint32_t buf[2];     /* buffered vertices (output indices) */
} pica_assembler;

void pica_assembler_reset(pica_assembler *a, uint8_t mode);
/* Adds vertex v; returns true and the triangle in tri[] when one completes. */
bool pica_assembler_push(pica_assembler *a, uint32_t v, uint32_t tri[3]);

/* ---- the draw driver ---- */

typedef struct pica_draw_output {
    const pica_out_vertex *vertices;
    uint32_t vertex_count;
    const uint32_t *indices;   /* triangles, three indices each */
    uint32_t index_count;
    bool end_of_draw;          /* false: the buffers filled up and more of this draw follows */
    uint32_t vm_status;        /* shader status bits (PICA_VM_*) ORed over this output */
    /* Input mode (pica_pipeline_set_inputs_only): instead of `vertices`,
     * each vertex's shader inputs before the shader, input_count vec4s in
     * attribute order (what the CPU path copies into the v registers), for
     * the GPU vertex path to shade; NULL otherwise. */
    const float *inputs;
    uint32_t input_count;
    /* Fetch mode (pica_pipeline_set_fetch): neither vertices nor inputs;
     * the indices are vertex indices minus fetch->first, and the consumer
     * reads the attributes from the guest bytes fetch names, in the formats
     * of `loader` (vertex_count is last - first + 1). An attribute below
     * loader->attrib_count that is neither loaded nor fixed reads `held`,
     * what the CPU path's input register still holds; attributes from
     * loader->attrib_count to input_count read zero, as on the CPU path. */
    const struct pica_vertex_fetch *fetch;
    const struct pica_vertex_loader *loader;
    const float (*held)[4];
    /* Geometry-shader stream form (pica_pipeline_set_gs_stream): nonzero,
     * the VS vertices one geometry-shader invocation takes; `indices` are
     * then no triangles but the draw's vertices in index order (one index
     * per vertex: input form's slots, the post-vertex cache's repeats
     * included, or in fetch mode the vertex indices minus fetch->first), a
     * chunk always ending on a whole invocation. */
    uint32_t gs_group;
} pica_draw_output;

typedef void (*pica_output_fn)(void *user, const pica_draw_output *out);

/* zero means default */
typedef struct pica_pipeline_desc {
    uint32_t vertex_capacity;  /* output vertices per chunk; 0 -> 16384, at least 16 */
    uint32_t index_capacity;   /* triangle indices per chunk; 0 -> 6 x vertex_capacity, at least 3 x */
    uint32_t program_cache;    /* decoded programs kept; 0 -> 16 */
    uint32_t step_limit;       /* shader instructions per invocation; 0 -> PICA_VM_DEFAULT_STEP_LIMIT */
    pica_output_fn on_output;  /* NULL: output is only counted */
    void *user;
} pica_pipeline_desc;

typedef struct pica_pipeline_stats {
    uint64_t draws, immediate_vertices;
    uint64_t vertices_in;      /* vertices the draws asked for */
    uint64_t vs_invocations;   /* vertex-shader runs (cache misses) */
    uint64_t gs_invocations;
    uint64_t triangles;
    uint64_t chunks;           /* output callbacks */
    uint64_t input_vertices;   /* vertices handed out unshaded (input mode) */
    uint64_t fetch_draws;      /* draws handed out in fetch mode */
} pica_pipeline_stats;

typedef struct pica_pipeline pica_pipeline;

glhle_result pica_pipeline_create(const pica_pipeline_desc *desc, const glhle_logger *lg, pica_pipeline **out);
void pica_pipeline_destroy(pica_pipeline *pl);
/* The renderer-hook body (glhle_pica_event_fn): handles DRAW,
 * IMMEDIATE_VERTEX and RESTART_PRIMITIVE, ignores the rest. Problems
 * (unmapped index or attribute data, stopped shaders) are reported through
 * the instance's run, with the command's byte offset. */
void pica_pipeline_event(void *pipeline, glhle_pica *p, const glhle_pica_event *ev);
struct pica_frontend;
/* The front end whose state, guest memory and run the events come from
 * (and problems go to); set before the first event. */
void pica_pipeline_bind(pica_pipeline *pl, struct pica_frontend *fe);
pica_pipeline_stats pica_pipeline_get_stats(const pica_pipeline *pl);
/* The problem a draw's (or immediate vertex's) shader status bits
 * (PICA_VM_*, ORed over its invocations) raise, `what` naming it: an error
 * for a stopped invocation, a warning for an undefined opcode, an EMIT in
 * a vertex shader or a bad vertex id, nothing otherwise. The CPU path's
 * and the GPU vertex path's (which reads the bits back) one message. */
void pica_report_shader_status(struct pica_frontend *fe, const char *what, uint32_t status);
/* Input mode for the following DRAW and IMMEDIATE_VERTEX events (not with
 * the geometry shader on, unless pica_pipeline_set_gs_stream asks for them): vertices
 * are loaded, cached and assembled as ever but not shaded, and chunks carry
 * pica_draw_output.inputs. A change of mode drops the 0-2 vertices a strip
 * or fan kept from the previous draw (they are in the other form); citro3d
 * restarts the primitive before every draw anyway. */
void pica_pipeline_set_inputs_only(pica_pipeline *pl, bool on);
/* With input mode on: a DRAW whose vertices all fit one chunk (at most a
 * third of the index capacity), whose attribute bytes are all mapped and at
 * most max_bytes, and that continues no strip, fan or triangle of the draw
 * before, goes out as one fetch-mode chunk (pica_draw_output.fetch): the
 * post-vertex cache is not used (GL's own reuses shaded vertices), the
 * assembler runs on the indices as ever, and the 0-2 vertices it keeps at
 * the end are loaded by the CPU loader into input form for the next draw.
 * Any other DRAW runs in input mode. 0 turns fetch mode off. */
void pica_pipeline_set_fetch(pica_pipeline *pl, uint32_t max_bytes);
/* With input mode on, for the following DRAW events with the geometry
 * stage on (group 0: off; those run on the CPU): the geometry shader runs on
 * the consumer's side. Each vertex is loaded (post-vertex cache, fixed
 * attributes, as ever) into input form and its slot goes to `indices` in
 * the draw's index order, `group` VS vertices per GS invocation
 * (pica_draw_output.gs_group); nothing is assembled (the consumer's GS
 * emits the triangles), incomplete invocations at the end are left to the
 * consumer to drop, as the CPU path drops them. After a draw that ran an
 * invocation b15 of the GS unit's bool uniforms is set, as the CPU path
 * leaves it, and fixed and variable mode's c registers are written back
 * as the CPU path leaves them (the last invocations' vertices shaded on
 * the CPU: gs_replay_inputs in primitive.c), where a later draw reads
 * them. In variable mode `group` is the vertex count every
 * invocation has (pica_gs_variable_count) and the counts are left out of
 * `indices`; PICA_GS_STREAM_VARIABLE takes the counts from the index stream
 * as they come (they differ within the draw): a chunk then ends where the
 * count changes, its gs_group the count of its invocations, so the
 * consumer draws the runs in order, each with its count's program. With fetch mode on (pica_pipeline_set_fetch), a draw
 * that fits its bounds (at most a third of the index capacity, bytes
 * mapped and within max_bytes) goes out as one fetch-mode chunk instead:
 * pica_draw_output.fetch with gs_group, `indices` the draw's vertex indices
 * minus fetch->first in draw order (no post-vertex cache). The consumer
 * asks for point, fixed and (one count per draw) variable mode with
 * PRIMITIVE_CONFIG's geometry mode; immediate-mode vertices stay on the CPU. */
void pica_pipeline_set_gs_stream(pica_pipeline *pl, uint32_t group);
/* pica_pipeline_set_gs_stream's group for a variable-mode draw whose
 * counts differ (never fetched: each run is a chunk of CPU-loaded inputs) */
#define PICA_GS_STREAM_VARIABLE 0x100u
/* Variable mode (GSH_MISC0 mode 1) in the stream form: the vertex count
 * every invocation of the coming DRAW (its index stream walked as the CPU
 * path walks it: a count, then that many vertices, ...; an incomplete last
 * invocation allowed) takes, when each count is one GL primitive's (1, 2,
 * 3, 4 or 6) and the same for all; PICA_GS_STREAM_VARIABLE when they
 * differ; else 0 with the reason in `why` (a count with no GL primitive, a
 * zero count, no vertices, an index buffer outside guest memory, which the
 * CPU path then reports). `counts` gets bit n for each count n the draw
 * has. */
uint32_t pica_gs_variable_count(struct pica_frontend *fe, bool indexed, uint32_t *counts, char *why,
                                size_t why_size);

#endif
