/* glhle-shbin: reads PICA200 shader binaries.
 *   glhle-shbin disasm IN.shbin
 * prints one line per instruction (`0x000: mnemonic dst.mask, src.swizzle, ...`)
 * and then, per DVLE, its type, entry points, constants, uniforms and
 * outputs (backend/pica/shader/shader_disasm.h has the syntax).
 *   glhle-shbin glsl IN.shbin [--dvle N] [--gles]
 * prints the GLSL 4.50 (or ES 3.20) translation of vertex DVLE N (default 0)
 * as backend/pica/shader/shader_glsl.h makes it. Exit status 0 on success, 1 when
 * the file cannot be read or is malformed (the reason and byte offset go to
 * stderr) or the DVLE cannot be translated, 2 on a usage error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/pica/shader/shader_disasm.h"
#include "backend/pica/shader/shbin.h"
#include "backend/pica/shader/shader_glsl.h"

static int usage(void)
{
    fprintf(stderr, "usage: glhle-shbin disasm IN.shbin\n"
                    "       glhle-shbin glsl IN.shbin [--dvle N] [--gles]\n");
    return 2;
}

/* The translation of one vertex DVLE, loaded as libctru loads it. */
static bool glsl(const pica_shbin *s, uint32_t dvle, bool gles, glhle_bytebuf *out)
{
    if (dvle >= s->dvle_count) {
        fprintf(stderr, "glhle-shbin: no DVLE %u (the file has %u)\n", dvle, s->dvle_count);
        return false;
    }
    if (s->dvles[dvle].is_geometry) {
        fprintf(stderr, "glhle-shbin: DVLE %u is a geometry shader; only vertex shaders are translated\n", dvle);
        return false;
    }
    static pica_shader_setup setup;
    const glhle_logger lg = {NULL, NULL, GLHLE_LOG_WARN};
    if (pica_shbin_load_setup(s, dvle, &setup, &lg) != GLHLE_RESULT_OK) {
        fprintf(stderr, "glhle-shbin: DVLE %u cannot be loaded\n", dvle);
        return false;
    }
    pica_vsp_desc d = {.code = setup.code, .opdesc = setup.opdesc, .entry = setup.entry_point,
                       .output = PICA_VSP_OUTPUT_CAPTURE, .gles = gles};
    for (unsigned a = 0; a < 16; a++)
        if (s->dvles[dvle].input_mask & (1u << a))
            d.input_register[d.input_count++] = (uint8_t)a;
    char why[160];
    if (!pica_vsp_generate(&d, out, NULL, why, sizeof why)) {
        fprintf(stderr, "glhle-shbin: DVLE %u: %s\n", dvle, why);
        return false;
    }
    return true;
}

int main(int argc, char **argv)
{
    bool to_glsl = argc >= 3 && strcmp(argv[1], "glsl") == 0, gles = false;
    unsigned long dvle = 0;
    if (!to_glsl && (argc != 3 || strcmp(argv[1], "disasm") != 0))
        return usage();
    for (int i = 3; to_glsl && i < argc; i++) {
        char *end;
        if (strcmp(argv[i], "--gles") == 0) {
            gles = true;
        } else if (strcmp(argv[i], "--dvle") == 0 && i + 1 < argc) {
            dvle = strtoul(argv[++i], &end, 0);
            if (*end || dvle > 0xFFFF)
                return usage();
        } else {
            return usage();
        }
    }
    glhle_bytebuf in;
    glhle_bytebuf_init(&in, PICA_SHBIN_MAX_SIZE + 1);
    if (!glhle_bytebuf_read_file(&in, argv[2], PICA_SHBIN_MAX_SIZE)) {
        fprintf(stderr, "glhle-shbin: cannot read %s (missing, unreadable or over %u bytes)\n", argv[2],
                PICA_SHBIN_MAX_SIZE);
        glhle_bytebuf_free(&in);
        return 1;
    }
    const glhle_logger lg = {NULL, NULL, GLHLE_LOG_WARN};
    pica_shbin s;
    glhle_result r = pica_shbin_parse(in.data, in.size, &lg, &s);
    glhle_bytebuf_free(&in);
    if (r != GLHLE_RESULT_OK) {
        fprintf(stderr, "glhle-shbin: %s: %s\n", argv[2], glhle_result_string(r));
        return 1;
    }
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    bool ok = to_glsl ? glsl(&s, (uint32_t)dvle, gles, &out) : pica_disasm_shbin(&out, &s);
    if (!ok && to_glsl) {
        glhle_bytebuf_free(&out);
        pica_shbin_free(&s);
        return 1;
    }
    if (ok)
        ok = fwrite(out.data, 1, out.size, stdout) == out.size && fflush(stdout) == 0;
    glhle_bytebuf_free(&out);
    pica_shbin_free(&s);
    if (!ok) {
        fprintf(stderr, "glhle-shbin: could not write the listing\n");
        return 1;
    }
    return 0;
}
