/* SPIR-V -> GLSL through SPIRV-Cross: see spirv_glsl.h. */
#include "shadergen/spirv_glsl.h"

#include <spirv_cross/spirv_cross_c.h>
#include <stdlib.h>
#include <string.h>

static void on_error(void *user, const char *error)
{
    GLHLE_ERROR((const glhle_logger *)user, "SPIRV-Cross: %s", error);
}

static const spv_glsl_binding *lookup(const spv_glsl_binding *t, size_t n, uint32_t set, uint32_t binding)
{
    for (size_t i = 0; i < n; i++)
        if (t[i].set == set && t[i].binding == binding)
            return &t[i];
    return NULL;
}

/* the resource lists whose bindings the table remaps */
static const spvc_resource_type remapped[] = {
    SPVC_RESOURCE_TYPE_UNIFORM_BUFFER, SPVC_RESOURCE_TYPE_STORAGE_BUFFER, SPVC_RESOURCE_TYPE_SAMPLED_IMAGE,
    SPVC_RESOURCE_TYPE_STORAGE_IMAGE,  SPVC_RESOURCE_TYPE_ATOMIC_COUNTER,
};

static glhle_result remap(spvc_compiler comp, const spv_glsl_options *opt, const glhle_logger *log)
{
    spvc_resources res;
    if (spvc_compiler_create_shader_resources(comp, &res) != SPVC_SUCCESS)
        return GLHLE_RESULT_BAD_DATA;
    for (size_t k = 0; k < sizeof remapped / sizeof remapped[0]; k++) {
        const spvc_reflected_resource *list;
        size_t count;
        if (spvc_resources_get_resource_list_for_type(res, remapped[k], &list, &count) != SPVC_SUCCESS)
            return GLHLE_RESULT_BAD_DATA;
        for (size_t i = 0; i < count; i++) {
            uint32_t set = spvc_compiler_get_decoration(comp, list[i].id, SpvDecorationDescriptorSet);
            uint32_t binding = spvc_compiler_get_decoration(comp, list[i].id, SpvDecorationBinding);
            const spv_glsl_binding *e = lookup(opt->bindings, opt->binding_count, set, binding);
            if (!e)
                return GLHLE_FAIL(log, GLHLE_RESULT_NOT_FOUND,
                                  "spv_to_glsl: resource %s (set %u, binding %u) has no GL binding in the layout",
                                  list[i].name, set, binding);
            spvc_compiler_set_decoration(comp, list[i].id, SpvDecorationBinding, e->gl_binding);
            /* GL has no descriptor sets; SPIRV-Cross drops the set in GL output */
            spvc_compiler_unset_decoration(comp, list[i].id, SpvDecorationDescriptorSet);
        }
    }
    return GLHLE_RESULT_OK;
}

static bool uses_capability(const uint32_t *words, size_t count, SpvCapability cap)
{
    for (size_t i = 5; i < count;) {
        uint32_t wc = words[i] >> SpvWordCountShift, op = words[i] & SpvOpCodeMask;
        if (!wc || op != SpvOpCapability)
            return false; /* capabilities come first (2.4) */
        if (wc == 2 && i + 1 < count && words[i + 1] == (uint32_t)cap)
            return true;
        i += wc;
    }
    return false;
}

glhle_result spv_to_glsl(const uint32_t *words, size_t count, const spv_glsl_options *opt,
                         const glhle_logger *log, glhle_bytebuf *out)
{
    /* SPIRV-Cross asserts on modules shorter than the header (2.3: five words) */
    if (!words || count < 5 || words[0] != SpvMagicNumber)
        return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "spv_to_glsl: not a SPIR-V module (%zu words)", count);
    spvc_context ctx = NULL;
    if (spvc_context_create(&ctx) != SPVC_SUCCESS)
        return GLHLE_FAIL(log, GLHLE_RESULT_OUT_OF_MEMORY, "spv_to_glsl: cannot create a SPIRV-Cross context");
    spvc_context_set_error_callback(ctx, on_error, (void *)log);
    glhle_result r = GLHLE_RESULT_BAD_DATA;
    spvc_parsed_ir ir;
    spvc_compiler comp;
    spvc_compiler_options o;
    const char *src = NULL;
    if (spvc_context_parse_spirv(ctx, words, count, &ir) != SPVC_SUCCESS ||
        spvc_context_create_compiler(ctx, SPVC_BACKEND_GLSL, ir, SPVC_CAPTURE_MODE_TAKE_OWNERSHIP, &comp) !=
            SPVC_SUCCESS ||
        spvc_compiler_create_compiler_options(comp, &o) != SPVC_SUCCESS) {
        GLHLE_ERROR(log, "spv_to_glsl: SPIRV-Cross cannot parse the module (%zu words)", count);
        goto done;
    }
    spvc_compiler_options_set_uint(o, SPVC_COMPILER_OPTION_GLSL_VERSION,
                                   opt->version ? opt->version : (opt->es ? 320 : 450));
    spvc_compiler_options_set_bool(o, SPVC_COMPILER_OPTION_GLSL_ES, opt->es);
    spvc_compiler_options_set_bool(o, SPVC_COMPILER_OPTION_GLSL_VULKAN_SEMANTICS, SPVC_FALSE);
    /* guest float maths is 32-bit: ES defaults to highp everywhere */
    spvc_compiler_options_set_bool(o, SPVC_COMPILER_OPTION_GLSL_ES_DEFAULT_FLOAT_PRECISION_HIGHP, SPVC_TRUE);
    spvc_compiler_options_set_bool(o, SPVC_COMPILER_OPTION_GLSL_ES_DEFAULT_INT_PRECISION_HIGHP, SPVC_TRUE);
    /* separate programs per stage need redeclared gl_PerVertex blocks */
    spvc_compiler_options_set_bool(o, SPVC_COMPILER_OPTION_GLSL_SEPARATE_SHADER_OBJECTS, SPVC_FALSE);
    if (spvc_compiler_install_compiler_options(comp, o) != SPVC_SUCCESS)
        goto done;
    /* ES 3.2 has clip distances only through EXT_clip_cull_distance, which
     * this SPIRV-Cross does not request itself */
    if (opt->es && uses_capability(words, count, SpvCapabilityClipDistance))
        spvc_compiler_require_extension(comp, "GL_EXT_clip_cull_distance");
    /* Layer and ViewportIndex outside a geometry shader are
     * ARB_shader_viewport_layer_array's in GLSL, which this SPIRV-Cross
     * does not request for SPV_EXT_shader_viewport_index_layer itself */
    if (!opt->es && uses_capability(words, count, SpvCapabilityShaderViewportIndexLayerEXT))
        spvc_compiler_require_extension(comp, "GL_ARB_shader_viewport_layer_array");
    r = remap(comp, opt, log);
    if (r != GLHLE_RESULT_OK)
        goto done;
    r = GLHLE_RESULT_BAD_DATA;
    if (spvc_compiler_compile(comp, &src) != SPVC_SUCCESS || !src) {
        GLHLE_ERROR(log, "spv_to_glsl: SPIRV-Cross cannot compile the module to GLSL");
        goto done;
    }
    /* Names this SPIRV-Cross gets wrong, put right:
     *  - it emulates subgroup built-ins with ARB_shader_ballot under
     *    `defined(GL_ARB_shader_int64)`, an extension that does not exist
     *    (ballotARB's uint64_t is GL_ARB_gpu_shader_int64's): its #error
     *    fires on every driver without KHR_shader_subgroup (llvmpipe);
     *  - it has no GLSL name for BuiltIn PatchVertices (14) and prints
     *    gl_BuiltIn_14, undeclared: GLSL's is gl_PatchVerticesIn. */
    static const struct {
        const char *bad, *good;
    } fix[] = {{"GL_ARB_shader_int64", "GL_ARB_gpu_shader_int64"}, {"gl_BuiltIn_14", "gl_PatchVerticesIn"}};
    bool fine = true;
    for (const char *p = src; fine && *p;) {
        const char *q = NULL;
        size_t which = 0;
        for (size_t k = 0; k < sizeof fix / sizeof fix[0]; k++) {
            for (const char *c = p; (c = strstr(c, fix[k].bad)) != NULL; c++) {
                char after = c[strlen(fix[k].bad)];
                if (after >= '0' && after <= '9')
                    continue; /* a longer name */
                if (!q || c < q)
                    q = c, which = k;
                break;
            }
        }
        if (!q) {
            fine = glhle_bytebuf_append(out, p, strlen(p));
            break;
        }
        fine = glhle_bytebuf_append(out, p, (size_t)(q - p)) &&
               glhle_bytebuf_append(out, fix[which].good, strlen(fix[which].good));
        p = q + strlen(fix[which].bad);
    }
    if (!fine || !glhle_bytebuf_append(out, "", 1)) {
        r = GLHLE_FAIL(log, GLHLE_RESULT_OUT_OF_MEMORY, "spv_to_glsl: the GLSL (%zu bytes) is over the output limit",
                       strlen(src));
        goto done;
    }
    out->size--; /* keep the NUL, do not count it */
    r = GLHLE_RESULT_OK;
done:
    spvc_context_destroy(ctx);
    return r;
}

typedef struct id_set {
    uint32_t id, set;
} id_set;

static int cmp_id(const void *a, const void *b)
{
    uint32_t x = ((const id_set *)a)->id, y = ((const id_set *)b)->id;
    return (x > y) - (x < y);
}

glhle_result spv_remap_bindings(uint32_t *words, size_t count, const spv_glsl_binding *table, size_t n,
                                const glhle_logger *log)
{
    if (!words || count < 5 || words[0] != SpvMagicNumber)
        return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "spv_remap_bindings: not a SPIR-V module");
    /* pass 1: the DescriptorSet of each id (absent -> 0) */
    size_t nsets = 0, cap = 0;
    id_set *sets = NULL;
    glhle_result r = GLHLE_RESULT_OK;
    for (int pass = 0; pass < 2 && r == GLHLE_RESULT_OK; pass++) {
        for (size_t i = 5; i < count;) {
            uint32_t wc = words[i] >> SpvWordCountShift, op = words[i] & SpvOpCodeMask;
            if (!wc || i + wc > count) {
                r = GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "spv_remap_bindings: bad word count at word %zu", i);
                break;
            }
            if (op == SpvOpDecorate && wc == 4 && pass == 0 && words[i + 2] == SpvDecorationDescriptorSet) {
                if (nsets == cap) {
                    cap = cap ? cap * 2 : 16;
                    id_set *g = realloc(sets, cap * sizeof *g);
                    if (!g) {
                        r = GLHLE_RESULT_OUT_OF_MEMORY;
                        break;
                    }
                    sets = g;
                }
                sets[nsets++] = (id_set){words[i + 1], words[i + 3]};
            } else if (op == SpvOpDecorate && wc == 4 && pass == 1 && words[i + 2] == SpvDecorationBinding) {
                id_set key = {words[i + 1], 0};
                const id_set *s = nsets ? bsearch(&key, sets, nsets, sizeof *sets, cmp_id) : NULL;
                uint32_t set = s ? s->set : 0;
                const spv_glsl_binding *e = lookup(table, n, set, words[i + 3]);
                if (!e) {
                    r = GLHLE_FAIL(log, GLHLE_RESULT_NOT_FOUND,
                                   "spv_remap_bindings: id %u (set %u, binding %u) has no GL binding", key.id, set,
                                   words[i + 3]);
                    break;
                }
                words[i + 3] = e->gl_binding;
            } else if (op == SpvOpDecorate && wc == 4 && pass == 1 && words[i + 2] == SpvDecorationDescriptorSet) {
                words[i + 3] = 0; /* GL has one set: ARB_gl_spirv 2.x "DescriptorSet ... must be 0" */
            }
            i += wc;
        }
        if (pass == 0 && nsets)
            qsort(sets, nsets, sizeof *sets, cmp_id);
    }
    free(sets);
    return r;
}
