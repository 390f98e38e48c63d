/* The PICA's key type in the program cache service (programs.h). */
#include "backend/pica/draw/programs.h"

#include <string.h>

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
    glhle_bytebuf_printf(out, "%s%s", bits & PICA_PROGRAM_HOST_GLES ? "gles" : "core",
                         bits & PICA_PROGRAM_HOST_FETCH ? " fetch" : "");
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
