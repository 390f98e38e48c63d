/* glhle-shbin: reads PICA200 shader binaries.
 *   glhle-shbin disasm IN.shbin
 * prints one line per instruction (`0x000: mnemonic dst.mask, src.swizzle, ...`)
 * and then, per DVLE, its type, entry points, constants, uniforms and
 * outputs (backend/pica/shader/shader_disasm.h has the syntax).
 *   glhle-shbin glsl IN.shbin [--dvle N] [--gles]
 * prints the GLSL 4.50 (or ES 3.20) translation of vertex DVLE N (default 0)
 * as backend/pica/shader/shader_glsl.h makes it. "-" reads standard input.
 * Exit status 0 on success, 1 when the file cannot be read or is malformed
 * (the reason and byte offset go to stderr) or the DVLE cannot be
 * translated, 2 on a usage error. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/pica/shader/shader_disasm.h"
#include "backend/pica/shader/shbin.h"
#include "backend/pica/shader/shader_glsl.h"
#include "tools/common/tool.h"

#define USAGE "usage: glhle-shbin disasm IN.shbin\n       glhle-shbin glsl IN.shbin [--dvle N] [--gles]\n"

/* The translation of one vertex DVLE, loaded as libctru loads it. */
static bool glsl(const pica_shbin *s, uint32_t dvle, bool gles, glhle_bytebuf *out)
{
    if (dvle >= s->dvle_count) {
        tool_error("no DVLE %u (the file has %u)", dvle, s->dvle_count);
        return false;
    }
    if (s->dvles[dvle].is_geometry) {
        tool_error("DVLE %u is a geometry shader; only vertex shaders are translated", dvle);
        return false;
    }
    static pica_shader_setup setup;
    const glhle_logger lg = {NULL, NULL, GLHLE_LOG_WARN};
    if (pica_shbin_load_setup(s, dvle, &setup, &lg) != GLHLE_RESULT_OK) {
        tool_error("DVLE %u cannot be loaded", dvle);
        return false;
    }
    pica_vsp_desc d = {.code = setup.code, .opdesc = setup.opdesc, .entry = setup.entry_point,
                       .output = PICA_VSP_OUTPUT_CAPTURE, .gles = gles};
    for (unsigned a = 0; a < 16; a++)
        if (s->dvles[dvle].input_mask & (1u << a))
            d.input_register[d.input_count++] = (uint8_t)a;
    char why[160];
    if (!pica_vsp_generate(&d, out, NULL, why, sizeof why)) {
        tool_error("DVLE %u: %s", dvle, why);
        return false;
    }
    return true;
}

int main(int argc, char **argv)
{
    tool_init("glhle-shbin", USAGE);
    static const struct option longs[] = {
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {"dvle", required_argument, NULL, 'd'},
        {"gles", no_argument, NULL, 'g'},
        {NULL, 0, NULL, 0},
    };
    opterr = 0;
    int c;
    bool gles = false, dvle_given = false;
    unsigned long dvle = 0;
    while ((c = getopt_long(argc, argv, TOOL_OPTSTRING, longs, NULL)) != -1) {
        switch (c) {
        case 'h':
            return tool_help("Disassembles a PICA200 shader binary (SHBIN/DVLB; - reads standard input):\n"
                             "every instruction, then each DVLE's entry points, constants, uniforms and outputs;\n"
                             "or prints a vertex DVLE's GLSL translation (glsl).\n"
                             "  --dvle N   the DVLE to translate (glsl; default 0)\n"
                             "  --gles     GLSL ES 3.20 instead of 4.50 (glsl)\n"
                             "  --help, --version\n"
                             "Exit status: 0 done, 1 unreadable, malformed (with the byte offset) or not\n"
                             "translatable, 2 usage.\n");
        case 'V': return tool_version();
        case 'g': gles = true; break;
        case 'd': {
            char *end;
            dvle = strtoul(optarg, &end, 0);
            if (*end || !*optarg || dvle > 0xFFFF) {
                tool_error("--dvle wants a DVLE number, got '%s'", optarg);
                return tool_usage();
            }
            dvle_given = true;
            break;
        }
        default: return tool_bad_option(c, argv);
        }
    }
    if (argc - optind != 2 || (strcmp(argv[optind], "disasm") != 0 && strcmp(argv[optind], "glsl") != 0))
        return tool_usage();
    const bool to_glsl = strcmp(argv[optind], "glsl") == 0;
    if (!to_glsl && (gles || dvle_given)) {
        tool_error("--dvle and --gles go with glsl");
        return tool_usage();
    }
    const char *path = argv[optind + 1];
    glhle_bytebuf in;
    if (!tool_read_input(path, PICA_SHBIN_MAX_SIZE, TOOL_PLAIN, &in)) {
        glhle_bytebuf_free(&in);
        return 1;
    }
    pica_shbin s;
    glhle_result r = pica_shbin_parse(in.data, in.size, &tool_log, &s);
    glhle_bytebuf_free(&in);
    if (r != GLHLE_RESULT_OK) {
        tool_error("%s: %s", path, glhle_result_string(r));
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
        tool_error("could not write the listing");
        return 1;
    }
    return 0;
}
