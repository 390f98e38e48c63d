/* The PICA's key type in the program cache service (programs.h). */
#include "backend/pica/draw/programs.h"

#include <stdio.h>
#include <string.h>

#include "backend/common/hash.h"
#include "backend/pica/shader/shader_glsl.h"
#include "shadergen/pica_fs_uber.h"

uint32_t pica_program_host_bits(const pica_fs_host *host)
{
    return (host->gles ? PICA_PROGRAM_HOST_GLES : 0u) | (host->framebuffer_fetch ? PICA_PROGRAM_HOST_FETCH : 0u);
}

void pica_program_host_from_bits(uint32_t bits, pica_fs_host *host)
{
    memset(host, 0, sizeof *host);
    host->gles = (bits & PICA_PROGRAM_HOST_GLES) != 0;
    host->framebuffer_fetch = (bits & PICA_PROGRAM_HOST_FETCH) != 0;
}

/* A stored key is used only when it is what this build's normalisers make
 * of it: the generators assume normalised keys. */
static bool key_valid(const void *bytes)
{
    pica_program_key k;
    memcpy(&k, bytes, sizeof k);
    pica_fs_key_normalize(&k.fs);
    pica_vs_key_normalize(&k.vs);
    return memcmp(&k, bytes, sizeof k) == 0;
}

static bool generate(const void *bytes, uint32_t host_bits, glhle_bytebuf *vs, glhle_bytebuf *fs)
{
    pica_program_key k;
    memcpy(&k, bytes, sizeof k);
    pica_fs_host host;
    pica_program_host_from_bits(host_bits, &host);
    return pica_vs_generate(&k.vs, &host, vs) && pica_fs_generate(&k.fs, &host, fs);
}

bool pica_program_generate_uber(uint32_t host_bits, glhle_bytebuf *vs, glhle_bytebuf *fs)
{
    pica_fs_host host;
    pica_program_host_from_bits(host_bits, &host);
    return pica_fs_uber_generate_vs(&host, vs) && pica_fs_uber_generate(&host, fs);
}

static void describe(const void *bytes, glhle_bytebuf *out)
{
    pica_program_key k;
    memcpy(&k, bytes, sizeof k);
    pica_fs_key_describe(&k.fs, out);
    static const char *const names[7] = {"color", "texcoord0", "texcoord1", "texcoord2", "texcoord0.w", "normquat",
                                         "view"};
    glhle_bytebuf_printf(out, "vertex: outputs 0x%02x", k.vs.outputs);
    for (int i = 0; i < 7; i++)
        if (k.vs.outputs & (1u << i))
            glhle_bytebuf_printf(out, " %s", names[i]);
    glhle_bytebuf_printf(out, ", clip plane %s\n", k.vs.clip ? "on" : "off");
}

static void describe_host(uint32_t bits, glhle_bytebuf *out)
{
    glhle_bytebuf_printf(out, "%s%s%s", bits & PICA_PROGRAM_HOST_GLES ? "gles" : "core",
                         bits & PICA_PROGRAM_HOST_FETCH ? " fetch" : "",
                         bits & PICA_PROGRAM_HOST_VS_STATUS ? " vs-status" : "");
}

static const gl_program_system pica_system = {
    .info = {.id = GL_SHC_SYSTEM_PICA,
             .name = "pica",
             .key_size = sizeof(pica_program_key),
             .key_version = PICA_PROGRAM_KEY_VERSION,
             .key_valid = key_valid},
    .generate = generate,
    .describe = describe,
    .describe_host = describe_host,
    .fallback_generate = pica_program_generate_uber,
};

const gl_program_system *pica_program_system(void)
{
    return &pica_system;
}

bool pica_program_uber_covers(const void *key)
{
    const pica_program_key *k = key;
    /* the ubershader has no gas density or shading code */
    return !k->fs.gas_render && k->fs.fog_mode != PICA_FS_FOG_GAS;
}

/* ---- the GPU vertex path ---- */

bool pica_gpu_program_key_vs(pica_gpu_program_key *key, const uint32_t *code, const uint32_t *opdesc, uint32_t entry,
                             const uint8_t *input_register, uint32_t input_count, const uint8_t *outmap, bool clip,
                             uint32_t step_limit, char *why, size_t why_size)
{
    uint32_t lo, hi;
    pica_vsp_used_range(code, entry, &lo, &hi);
    if (hi <= lo) {
        snprintf(why, why_size, "entry point 0x%X is past the 4096-word code memory", entry);
        return false;
    }
    /* zero words at either end of the range are left out: the generator
     * rebuilds code memory with zeros outside the stored words, which is
     * what those words held (code memory past a program is zeros, and a
     * subroutine's fall-through walks the translator into them) */
    while (hi > lo && code[hi - 1] == 0)
        hi--;
    while (lo < hi && code[lo] == 0)
        lo++;
    if (entry < lo)
        lo = entry;
    if (entry >= hi)
        hi = entry + 1;
    if (hi - lo > PICA_GPU_VS_CODE_WORDS) {
        snprintf(why, why_size, "the program reaches %u words of code memory (0x%03X-0x%03X), more than the key's %u",
                 hi - lo, lo, hi - 1, PICA_GPU_VS_CODE_WORDS);
        return false;
    }
    if (input_count < 1 || input_count > 16) {
        snprintf(why, why_size, "%u input attributes", input_count);
        return false;
    }
    memcpy(key->outmap, outmap, sizeof key->outmap);
    for (unsigned k = 0; k < 24; k++)
        if (key->outmap[k] > 64)
            key->outmap[k] = 64;
    for (uint32_t a = 0; a < input_count; a++)
        key->input_register[a] = input_register[a] & 15u;
    key->input_count = (uint8_t)input_count;
    key->clip = clip ? 1 : 0;
    key->entry = (uint16_t)(entry - lo);
    key->code_lo = (uint16_t)lo;
    key->code_count = (uint16_t)(hi - lo);
    key->step_limit = step_limit;
    memcpy(key->opdesc, opdesc, sizeof key->opdesc);
    memcpy(key->code, code + lo, (size_t)(hi - lo) * 4);
    return true;
}

static bool gpu_key_valid(const void *bytes)
{
    pica_gpu_program_key k;
    memcpy(&k, bytes, sizeof k);
    if (k.code_count == 0 || k.code_count > PICA_GPU_VS_CODE_WORDS || k.entry >= k.code_count ||
        (uint32_t)k.code_lo + k.code_count > 4096u || k.input_count < 1 || k.input_count > 16 || k.clip > 1)
        return false;
    pica_fs_key fs = k.fs;
    pica_fs_key_normalize(&fs);
    if (memcmp(&fs, &k.fs, sizeof fs) != 0 || k.pad0[0] || k.pad0[1] || k.pad1)
        return false;
    for (unsigned i = 0; i < 24; i++)
        if (k.outmap[i] > 64)
            return false;
    for (unsigned i = 0; i < 16; i++)
        if (k.input_register[i] > 15 || (i >= k.input_count && k.input_register[i]))
            return false;
    for (uint32_t i = k.code_count; i < PICA_GPU_VS_CODE_WORDS; i++)
        if (k.code[i])
            return false;
    return true;
}

static bool gpu_generate(const void *bytes, uint32_t host_bits, glhle_bytebuf *vs, glhle_bytebuf *fs)
{
    static _Thread_local pica_gpu_program_key k;
    static _Thread_local uint32_t code[4096];
    memcpy(&k, bytes, sizeof k);
    pica_fs_host host;
    pica_program_host_from_bits(host_bits, &host);
    memset(code, 0, sizeof code);
    uint32_t n = k.code_count <= PICA_GPU_VS_CODE_WORDS ? k.code_count : PICA_GPU_VS_CODE_WORDS;
    if ((uint32_t)k.code_lo + n > 4096u)
        return false;
    memcpy(code + k.code_lo, k.code, (size_t)n * 4);
    pica_vsp_desc d = {.code = code,
                       .opdesc = k.opdesc,
                       .entry = (uint32_t)k.code_lo + k.entry,
                       .step_limit = k.step_limit,
                       .input_count = k.input_count,
                       .output = PICA_VSP_OUTPUT_DRAW,
                       .gles = host.gles,
                       .clip = k.clip != 0,
                       .report_status = (host_bits & PICA_PROGRAM_HOST_VS_STATUS) != 0};
    memcpy(d.input_register, k.input_register, sizeof d.input_register);
    memcpy(d.outmap, k.outmap, sizeof d.outmap);
    char why[160];
    return pica_vsp_generate(&d, vs, NULL, why, sizeof why) && pica_fs_generate(&k.fs, &host, fs);
}

/* An output map (outmap[i] = register * 4 + component, 64 and up the
 * constant 1.0) as describe prints it: " o2.x -" ... */
static void describe_outmap(glhle_bytebuf *out, const char *title, const uint8_t *outmap)
{
    glhle_bytebuf_printf(out, "%s:", title);
    for (unsigned i = 0; i < 24; i++)
        glhle_bytebuf_printf(out, outmap[i] >= 64 ? " -" : " o%u.%c", outmap[i] / 4u, "xyzw"[outmap[i] % 4u]);
    glhle_bytebuf_printf(out, "\n");
}

/* A key's code words and the non-zero operand descriptors, eight words a
 * line, each list headed by `prefix` ("" or "geometry "). */
static void describe_code(glhle_bytebuf *out, const char *prefix, const uint32_t *code, uint32_t n,
                          const uint32_t *opdesc)
{
    glhle_bytebuf_printf(out, "%scode:", prefix);
    for (uint32_t i = 0; i < n; i++)
        glhle_bytebuf_printf(out, "%s%08X", i % 8u ? " " : "\n  ", code[i]);
    glhle_bytebuf_printf(out, "\n%soperand descriptors:", prefix);
    for (unsigned i = 0; i < 128; i++)
        if (opdesc[i])
            glhle_bytebuf_printf(out, " [%u]=%08X", i, opdesc[i]);
    glhle_bytebuf_printf(out, "\n");
}

static void gpu_describe(const void *bytes, glhle_bytebuf *out)
{
    static _Thread_local pica_gpu_program_key k;
    memcpy(&k, bytes, sizeof k);
    pica_fs_key_describe(&k.fs, out);
    glhle_bytebuf_printf(out, "vertex shader: code 0x%03X-0x%03X (%u words), entry 0x%03X, %u inputs, clip plane %s\n",
                         k.code_lo, k.code_lo + k.code_count - 1u, k.code_count, k.code_lo + k.entry, k.input_count,
                         k.clip ? "on" : "off");
    glhle_bytebuf_printf(out, "input registers:");
    for (unsigned i = 0; i < k.input_count && i < 16; i++)
        glhle_bytebuf_printf(out, " v%u=attr%u", i, k.input_register[i]);
    glhle_bytebuf_printf(out, "\n");
    describe_outmap(out, "output map", k.outmap);
    unsigned used = 0;
    for (unsigned i = 0; i < 128; i++)
        used += k.opdesc[i] != 0;
    const uint32_t n = k.code_count <= PICA_GPU_VS_CODE_WORDS ? k.code_count : PICA_GPU_VS_CODE_WORDS;
    glhle_bytebuf_printf(out, "step limit: %u%s\n", k.step_limit, k.step_limit ? "" : " (the interpreter's default)");
    glhle_bytebuf_printf(out, "code XXH3: %016llx, operand descriptors XXH3: %016llx (%u of 128 non-zero)\n",
                         (unsigned long long)glhle_hash64(k.code, (size_t)n * 4),
                         (unsigned long long)glhle_hash64(k.opdesc, sizeof k.opdesc), used);
    describe_code(out, "", k.code, n, k.opdesc);
}

static const gl_program_system pica_gpu_system = {
    .info = {.id = GL_SHC_SYSTEM_PICA_GPU_VS,
             .name = "pica-vs",
             .key_size = sizeof(pica_gpu_program_key),
             .key_version = PICA_GPU_PROGRAM_KEY_VERSION,
             .key_valid = gpu_key_valid},
    .generate = gpu_generate,
    .describe = gpu_describe,
    .describe_host = describe_host,
};

const gl_program_system *pica_gpu_program_system(void)
{
    return &pica_gpu_system;
}

/* ---- the GPU geometry-shader path ---- */

bool pica_gs_program_key_gs(pica_gs_program_key *key, const uint32_t *code, const uint32_t *opdesc, uint32_t entry,
                            const pica_gsp_input *in, const uint8_t *input_register, uint32_t input_count,
                            uint16_t vs_output_mask, const uint8_t *outmap, char *why, size_t why_size)
{
    pica_vsp_desc d = {.code = code,
                       .opdesc = opdesc,
                       .entry = entry,
                       .input_count = input_count,
                       .output = PICA_VSP_OUTPUT_DRAW,
                       .geometry = true,
                       .gs = *in};
    memcpy(d.input_register, input_register, sizeof d.input_register);
    if (!pica_vsp_translatable(&d, why, why_size))
        return false;
    if (in->mode == 2 && (uint32_t)in->start_index + (uint32_t)in->vertices * in->per_vertex > 96u) {
        /* the CPU path drops the registers past c95 and reports it */
        snprintf(why, why_size, "geometry shader fixed mode: %u vertices of %u registers from c%u pass c95",
                 in->vertices, in->per_vertex, in->start_index);
        return false;
    }
    if (in->mode == 1 && pica_gsp_variable_registers(in) > 96u) {
        snprintf(why, why_size,
                 "geometry shader variable mode: %u vertices (%u main) of %u registers from c1 pass c95",
                 in->vertices, in->main_vertices, in->per_vertex);
        return false;
    }
    uint32_t lo, hi;
    pica_vsp_used_range(code, entry, &lo, &hi);
    while (hi > lo && code[hi - 1] == 0)
        hi--;
    while (lo < hi && code[lo] == 0)
        lo++;
    if (entry < lo)
        lo = entry;
    if (entry >= hi)
        hi = entry + 1;
    if (hi - lo > PICA_GPU_VS_CODE_WORDS) {
        snprintf(why, why_size,
                 "the geometry shader reaches %u words of code memory (0x%03X-0x%03X), more than the key's %u",
                 hi - lo, lo, hi - 1, PICA_GPU_VS_CODE_WORDS);
        return false;
    }
    key->mode = in->mode;
    key->vertices = in->vertices;
    key->per_vertex = in->per_vertex;
    key->start_index = in->mode == 2 ? in->start_index : 0;
    key->main_vertices = in->mode == 1 ? in->main_vertices : 0;
    key->input_count = (uint8_t)(in->mode == 0 ? input_count : 0);
    for (uint32_t a = 0; a < key->input_count; a++)
        key->input_register[a] = input_register[a] & 15u;
    key->vs_output_mask = vs_output_mask;
    memcpy(key->outmap, outmap, sizeof key->outmap);
    for (unsigned k = 0; k < 24; k++)
        if (key->outmap[k] > 64)
            key->outmap[k] = 64;
    key->entry = (uint16_t)(entry - lo);
    key->code_lo = (uint16_t)lo;
    key->code_count = (uint16_t)(hi - lo);
    memcpy(key->opdesc, opdesc, sizeof key->opdesc);
    memcpy(key->code, code + lo, (size_t)(hi - lo) * 4);
    return true;
}

bool pica_gs_program_generate(const pica_gs_program_key *key, uint32_t host_bits, glhle_bytebuf *vs, glhle_bytebuf *gs,
                              glhle_bytebuf *fs)
{
    static _Thread_local uint32_t code[4096];
    pica_fs_host host;
    pica_program_host_from_bits(host_bits, &host);
    const bool status = (host_bits & PICA_PROGRAM_HOST_VS_STATUS) != 0;
    const pica_gsp_input in = {.mode = key->mode,
                               .vertices = key->vertices,
                               .per_vertex = key->per_vertex,
                               .start_index = key->start_index,
                               .main_vertices = key->main_vertices};
    char why[160];
    /* the vertex shader, feeding the geometry shader */
    const pica_gpu_program_key *k = &key->vs;
    uint32_t n = k->code_count <= PICA_GPU_VS_CODE_WORDS ? k->code_count : PICA_GPU_VS_CODE_WORDS;
    if ((uint32_t)k->code_lo + n > 4096u)
        return false;
    memset(code, 0, sizeof code);
    memcpy(code + k->code_lo, k->code, (size_t)n * 4);
    pica_vsp_desc d = {.code = code,
                       .opdesc = k->opdesc,
                       .entry = (uint32_t)k->code_lo + k->entry,
                       .step_limit = k->step_limit,
                       .input_count = k->input_count,
                       .output = PICA_VSP_OUTPUT_GS_FEED,
                       .gles = host.gles,
                       .report_status = status,
                       .gs = in,
                       .feed_mask = key->vs_output_mask};
    memcpy(d.input_register, k->input_register, sizeof d.input_register);
    if (!pica_vsp_generate(&d, vs, NULL, why, sizeof why))
        return false;
    /* the geometry shader, onto the fragment stage's varyings */
    n = key->code_count <= PICA_GPU_VS_CODE_WORDS ? key->code_count : PICA_GPU_VS_CODE_WORDS;
    if ((uint32_t)key->code_lo + n > 4096u)
        return false;
    memset(code, 0, sizeof code);
    memcpy(code + key->code_lo, key->code, (size_t)n * 4);
    pica_vsp_desc g = {.code = code,
                       .opdesc = key->opdesc,
                       .entry = (uint32_t)key->code_lo + key->entry,
                       .step_limit = k->step_limit,
                       .input_count = key->input_count,
                       .output = PICA_VSP_OUTPUT_DRAW,
                       .gles = host.gles,
                       .clip = k->clip != 0,
                       .report_status = status,
                       .geometry = true,
                       .gs = in};
    memcpy(g.input_register, key->input_register, sizeof g.input_register);
    memcpy(g.outmap, key->outmap, sizeof g.outmap);
    return pica_vsp_generate(&g, gs, NULL, why, sizeof why) && pica_fs_generate(&k->fs, &host, fs);
}

/* The geometry path's keys as the disk cache reads them: both halves in the
 * form pica_gpu_program_key_vs / pica_gs_program_key_gs make them (the
 * vertex half's output map unused, all 64), so a damaged or foreign key is
 * rejected by the reader rather than translated. */
static bool gs_key_valid(const void *bytes)
{
    static _Thread_local pica_gs_program_key k;
    memcpy(&k, bytes, sizeof k);
    if (!gpu_key_valid(&k.vs))
        return false;
    for (unsigned i = 0; i < 24; i++)
        if (k.vs.outmap[i] != 64 || k.outmap[i] > 64)
            return false;
    if (k.mode > 2 || k.per_vertex < 1 || k.per_vertex > 16 || k.pad1)
        return false;
    if (k.vertices != 1 && k.vertices != 2 && k.vertices != 3 && k.vertices != 4 && k.vertices != 6)
        return false;
    const pica_gsp_input in = {
        .mode = 1, .vertices = k.vertices, .per_vertex = k.per_vertex, .main_vertices = k.main_vertices};
    if (k.mode == 2 ? k.input_count != 0 || k.main_vertices != 0 ||
                          (uint32_t)k.start_index + (uint32_t)k.vertices * k.per_vertex > 96u
        : k.mode == 1 ? k.input_count != 0 || k.start_index != 0 || k.main_vertices < 1 ||
                            k.main_vertices > k.vertices || pica_gsp_variable_registers(&in) > 96u
                      : k.start_index != 0 || k.main_vertices != 0 || k.input_count < 1 || k.input_count > 16)
        return false;
    for (unsigned i = 0; i < 16; i++)
        if (k.input_register[i] > 15 || (i >= k.input_count && k.input_register[i]))
            return false;
    if (k.code_count == 0 || k.code_count > PICA_GPU_VS_CODE_WORDS || k.entry >= k.code_count ||
        (uint32_t)k.code_lo + k.code_count > 4096u)
        return false;
    for (uint32_t i = k.code_count; i < PICA_GPU_VS_CODE_WORDS; i++)
        if (k.code[i])
            return false;
    return true;
}

static bool gs_generate(const void *bytes, uint32_t host_bits, glhle_bytebuf *vs, glhle_bytebuf *gs, glhle_bytebuf *fs)
{
    static _Thread_local pica_gs_program_key k;
    memcpy(&k, bytes, sizeof k);
    return pica_gs_program_generate(&k, host_bits, vs, gs, fs);
}

static void gs_describe(const void *bytes, glhle_bytebuf *out)
{
    static _Thread_local pica_gs_program_key k;
    memcpy(&k, bytes, sizeof k);
    gpu_describe(&k.vs, out);
    static const char *const modes[3] = {"point", "variable", "fixed"};
    glhle_bytebuf_printf(out, "geometry shader: %s mode, %u VS vertices of %u registers per invocation",
                         k.mode < 3 ? modes[k.mode] : "?", k.vertices, k.per_vertex);
    if (k.mode == 2)
        glhle_bytebuf_printf(out, " into c%u-c%u", k.start_index, k.start_index + k.vertices * k.per_vertex - 1u);
    if (k.mode == 1) {
        const pica_gsp_input in = {
            .mode = 1, .vertices = k.vertices, .per_vertex = k.per_vertex, .main_vertices = k.main_vertices};
        glhle_bytebuf_printf(out, " (%u main), the count in c0, into c1-c%u", k.main_vertices,
                             pica_gsp_variable_registers(&in) - 1u);
    }
    glhle_bytebuf_printf(out, ", VS output mask 0x%04X\n", k.vs_output_mask);
    glhle_bytebuf_printf(out, "geometry code 0x%03X-0x%03X (%u words), entry 0x%03X, %u inputs:", k.code_lo,
                         k.code_lo + k.code_count - 1u, k.code_count, k.code_lo + k.entry, k.input_count);
    for (unsigned i = 0; i < k.input_count && i < 16; i++)
        glhle_bytebuf_printf(out, " v%u=in%u", i, k.input_register[i]);
    glhle_bytebuf_printf(out, "\n");
    describe_outmap(out, "geometry output map", k.outmap);
    const uint32_t n = k.code_count <= PICA_GPU_VS_CODE_WORDS ? k.code_count : PICA_GPU_VS_CODE_WORDS;
    glhle_bytebuf_printf(out, "geometry code XXH3: %016llx, operand descriptors XXH3: %016llx\n",
                         (unsigned long long)glhle_hash64(k.code, (size_t)n * 4),
                         (unsigned long long)glhle_hash64(k.opdesc, sizeof k.opdesc));
    describe_code(out, "geometry ", k.code, n, k.opdesc);
}

static const gl_program_system pica_gs_system = {
    .info = {.id = GL_SHC_SYSTEM_PICA_GPU_GS,
             .name = "pica-gs",
             .key_size = sizeof(pica_gs_program_key),
             .key_version = PICA_GS_PROGRAM_KEY_VERSION,
             .key_valid = gs_key_valid},
    .generate_gs = gs_generate,
    .describe = gs_describe,
    .describe_host = describe_host,
};

const gl_program_system *pica_gs_program_system(void)
{
    return &pica_gs_system;
}
