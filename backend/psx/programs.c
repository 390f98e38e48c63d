/* The PlayStation's key type in the program cache service (programs.h). */
#include "backend/psx/programs.h"

#include <string.h>

#include "shadergen/psx_fs.h"

uint32_t psx_program_host_bits(const psx_shader_host *host)
{
    const bool gles = host->version_line && strstr(host->version_line, " es") != NULL;
    return (gles ? PSX_PROGRAM_HOST_GLES : 0u) | (host->framebuffer_fetch ? PSX_PROGRAM_HOST_FETCH : 0u) |
           (host->gl_coverage ? PSX_PROGRAM_HOST_COVERAGE : 0u) |
           ((uint32_t)(host->scale & 15u) << PSX_PROGRAM_HOST_SCALE_SHIFT);
}

/* What psx_fs_key_normalize leaves alone, with every field in range (or
 * dynamic): the generators take nothing else. */
static bool key_valid(const void *bytes)
{
    psx_fs_key k;
    memcpy(&k, bytes, sizeof k);
    psx_fs_key_normalize(&k);
    if (memcmp(&k, bytes, sizeof k) != 0)
        return false;
    const bool dyn_kind = k.kind == PSX_KEY_DYNAMIC;
    return (dyn_kind || k.kind < PSX_PRIM_KIND_COUNT_) && (k.tex_mode <= 3 || k.tex_mode == PSX_KEY_DYNAMIC) &&
           (k.gouraud <= 1 || k.gouraud == PSX_KEY_DYNAMIC) && (k.blend <= 4 || k.blend == PSX_KEY_DYNAMIC) &&
           (k.clut <= (PSX_CLUT_VRAM | PSX_CLUT_SNAPSHOT) || k.clut == PSX_KEY_DYNAMIC);
}

static bool generate(const void *bytes, uint32_t host_bits, glhle_bytebuf *vs, glhle_bytebuf *fs)
{
    psx_fs_key k;
    memcpy(&k, bytes, sizeof k);
    const psx_shader_host host = {
        .version_line = host_bits & PSX_PROGRAM_HOST_GLES ? "#version 320 es" : "#version 450 core",
        .framebuffer_fetch = (host_bits & PSX_PROGRAM_HOST_FETCH) != 0,
        .scale = (uint8_t)((host_bits >> PSX_PROGRAM_HOST_SCALE_SHIFT) & 15u),
        .gl_coverage = (host_bits & PSX_PROGRAM_HOST_COVERAGE) != 0,
    };
    return psx_vs_generate(&k, &host, vs) && psx_fs_generate(&k, &host, fs);
}

static void field(glhle_bytebuf *out, const char *name, unsigned v, const char *const *names, unsigned count)
{
    if (v == PSX_KEY_DYNAMIC)
        glhle_bytebuf_printf(out, "%s: per primitive\n", name);
    else if (v < count)
        glhle_bytebuf_printf(out, "%s: %u (%s)\n", name, v, names[v]);
    else
        glhle_bytebuf_printf(out, "%s: %u (invalid)\n", name, v);
}

static void describe(const void *bytes, glhle_bytebuf *out)
{
    psx_fs_key k;
    memcpy(&k, bytes, sizeof k);
    static const char *const kinds[] = {"triangle", "sprite", "line"};
    static const char *const tex[] = {"untextured", "4-bit CLUT", "8-bit CLUT", "15-bit direct"};
    static const char *const shade[] = {"flat", "Gouraud"};
    static const char *const blend[] = {"opaque", "B/2+F/2", "B+F", "B-F", "B+F/4"};
    field(out, "kind", k.kind, kinds, 3);
    field(out, "texture", k.tex_mode, tex, 4);
    field(out, "shading", k.gouraud, shade, 2);
    field(out, "blend", k.blend, blend, 5);
    static const char *const cluts[] = {"none", "VRAM", "snapshot", "VRAM or snapshot"};
    field(out, "CLUT", k.clut, cluts, 4);
}

static void describe_host(uint32_t bits, glhle_bytebuf *out)
{
    glhle_bytebuf_printf(out, "%s%s", bits & PSX_PROGRAM_HOST_GLES ? "gles" : "core",
                         bits & PSX_PROGRAM_HOST_FETCH ? " fetch" : "");
    if (bits & PSX_PROGRAM_HOST_COVERAGE)
        glhle_bytebuf_printf(out, " gl-coverage");
    if ((bits >> PSX_PROGRAM_HOST_SCALE_SHIFT) & 15u)
        glhle_bytebuf_printf(out, " %ux", (bits >> PSX_PROGRAM_HOST_SCALE_SHIFT) & 15u);
}

static const gl_program_system psx_system = {
    .info = {.id = GL_SHC_SYSTEM_PSX,
             .name = "psx",
             .key_size = sizeof(psx_fs_key),
             .key_version = PSX_PROGRAM_KEY_VERSION,
             .key_valid = key_valid},
    .generate = generate,
    .describe = describe,
    .describe_host = describe_host,
};

const gl_program_system *psx_program_system(void)
{
    return &psx_system;
}
