/* SPIR-V -> GLSL through SPIRV-Cross's C API (Debian's
 * libspirv-cross-c-shared-dev): GLSL 4.50 core or ES 3.20, with resource
 * bindings remapped. Generators decorate each resource with a
 * (DescriptorSet, Binding) pair that names it in guest terms (for Maxwell:
 * set = resource kind, binding = constant-buffer index or texture-handle
 * slot, see maxwell_spirv.h); the caller's table turns each pair into the GL
 * binding point of its layout. No GL calls. */
#ifndef GLHLE_SHADERGEN_SPIRV_GLSL_H
#define GLHLE_SHADERGEN_SPIRV_GLSL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/common/bytebuf.h"
#include "backend/common/log.h"
#include "glhle/glhle.h"

typedef struct spv_glsl_binding {
    uint32_t set, binding; /* as decorated in the module */
    uint32_t gl_binding;   /* the GL binding point it becomes */
} spv_glsl_binding;

typedef struct spv_glsl_options {
    bool es;          /* false: GLSL 4.50 core; true: GLSL ES 3.20 */
    uint32_t version; /* 0 -> 450 (core) or 320 (ES) */
    const spv_glsl_binding *bindings;
    size_t binding_count;
} spv_glsl_options;

/* Translates `count` words into NUL-terminated GLSL appended to `out`. A
 * module SPIRV-Cross cannot parse or compile gives GLHLE_RESULT_BAD_DATA, a
 * resource whose (set, binding) is missing from the table
 * GLHLE_RESULT_NOT_FOUND; both log SPIRV-Cross's reason. */
glhle_result spv_to_glsl(const uint32_t *words, size_t count, const spv_glsl_options *opt,
                         const glhle_logger *log, glhle_bytebuf *out);

/* Rewrites the Binding decorations of `words` in place through the table,
 * for drivers that take the module itself (ARB_gl_spirv), where the Binding
 * decoration is the GL binding point. GLHLE_RESULT_NOT_FOUND when a decorated
 * resource has no entry; GLHLE_RESULT_BAD_DATA on a malformed module. */
glhle_result spv_remap_bindings(uint32_t *words, size_t count, const spv_glsl_binding *table, size_t n,
                                const glhle_logger *log);

#endif
