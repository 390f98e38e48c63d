/* glhle-shbin: reads PICA200 shader binaries.
 *   glhle-shbin disasm IN.shbin
 * prints one line per instruction (`0x000: mnemonic dst.mask, src.swizzle, ...`)
 * and then, per DVLE, its type, entry points, constants, uniforms and
 * outputs (backend/pica/shader/shader_disasm.h has the syntax).
 *   glhle-shbin glsl IN.shbin [--dvle N] [--gles]
 * prints the GLSL 4.50 (or ES 3.20) translation of DVLE N (default 0) as
 * backend/pica/shader/shader_glsl.h makes it, in its capture form. A
 * geometry DVLE is translated with the input layout its header names (point
 * or fixed mode; variable mode is refused as the draw path refuses it): each
 * vertex brings --vs-outputs registers (default: the output registers of
 * the file's first vertex DVLE), and in point mode an invocation takes
 * --gs-stride of them (libctru shaderProgramSetGsh's stride; default three
 * vertices' worth, at most 16). "-" reads standard input.
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

#define USAGE                                                                                                  \
    "usage: glhle-shbin disasm IN.shbin\n"                                                                        \
    "       glhle-shbin glsl IN.shbin [--dvle N] [--gles] [--vs-outputs N] [--gs-stride N]\n"

/* How a geometry DVLE's invocations take the vertex shader's vertices:
 * `vs_outputs` / `stride` are the options' values, 0 when not given. */
static bool gs_layout(const pica_shbin *s, const pica_shbin_dvle *g, uint32_t vs_outputs, uint32_t stride,
                      pica_vsp_desc *d)
{
    if (!vs_outputs) {
        for (uint32_t i = 0; i < s->dvle_count && !vs_outputs; i++)
            if (!s->dvles[i].is_geometry)
                vs_outputs = (uint32_t)__builtin_popcount(s->dvles[i].output_mask);
        if (!vs_outputs) {
            tool_error("the file has no vertex DVLE with outputs to feed the geometry shader; give --vs-outputs");
            return false;
        }
    }
    d->geometry = true;
    d->gs.mode = g->gs_mode;
    d->gs.per_vertex = (uint8_t)(vs_outputs > 16 ? 16 : vs_outputs);
    if (g->gs_mode == 2) { /* fixed: the vertices come in c registers */
        d->gs.vertices = g->gs_fixed_num;
        d->gs.start_index = g->gs_fixed_start;
        return true;
    }
    if (!stride)
        stride = 3 * d->gs.per_vertex > 16 ? 16 : 3 * d->gs.per_vertex;
    d->input_count = stride;
    for (uint32_t a = 0; a < stride; a++)
        d->input_register[a] = (uint8_t)a; /* libctru's identity GSH_ATTRIBUTES_PERMUTATION */
    d->gs.vertices = (uint8_t)((stride + d->gs.per_vertex - 1) / d->gs.per_vertex);
    return true;
}

/* The translation of one DVLE, loaded as libctru loads it. */
static bool glsl(const pica_shbin *s, uint32_t dvle, bool gles, uint32_t vs_outputs, uint32_t stride,
                 glhle_bytebuf *out)
{
    if (dvle >= s->dvle_count) {
        tool_error("no DVLE %u (the file has %u)", dvle, s->dvle_count);
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
    const pica_shbin_dvle *e = &s->dvles[dvle];
    if (e->is_geometry) {
        if (!gs_layout(s, e, vs_outputs, stride, &d))
            return false;
    } else {
        for (unsigned a = 0; a < 16; a++)
            if (e->input_mask & (1u << a))
                d.input_register[d.input_count++] = (uint8_t)a;
    }
    char why[160];
    if (!pica_vsp_generate(&d, out, NULL, why, sizeof why)) {
        tool_error("DVLE %u: %s", dvle, why);
        return false;
    }
    return true;
}

/* A numeric option in [lo, hi]; false (after saying so) otherwise. */
static bool number_arg(const char *name, const char *arg, unsigned long lo, unsigned long hi, unsigned long *v)
{
    char *end;
    *v = strtoul(arg, &end, 0);
    if (*end || !*arg || *v < lo || *v > hi) {
        tool_error("%s wants a number from %lu to %lu, got '%s'", name, lo, hi, arg);
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
        {"vs-outputs", required_argument, NULL, 'o'},
        {"gs-stride", required_argument, NULL, 's'},
        {NULL, 0, NULL, 0},
    };
    opterr = 0;
    int c;
    bool gles = false, dvle_given = false;
    unsigned long dvle = 0, vs_outputs = 0, stride = 0;
    while ((c = getopt_long(argc, argv, TOOL_OPTSTRING, longs, NULL)) != -1) {
        switch (c) {
        case 'h':
            return tool_help("Disassembles a PICA200 shader binary (SHBIN/DVLB; - reads standard input):\n"
                             "every instruction, then each DVLE's entry points, constants, uniforms and outputs;\n"
                             "or prints a DVLE's GLSL translation (glsl).\n"
                             "  --dvle N         the DVLE to translate (glsl; default 0)\n"
                             "  --gles           GLSL ES 3.20 instead of 4.50 (glsl)\n"
                             "  --vs-outputs N   geometry DVLE: registers each vertex brings (default: the\n"
                             "                   output registers of the file's first vertex DVLE)\n"
                             "  --gs-stride N    geometry DVLE in point mode: input registers an invocation\n"
                             "                   takes (default: three vertices' worth, at most 16)\n"
                             "  --help, --version\n"
                             "Exit status: 0 done, 1 unreadable, malformed (with the byte offset) or not\n"
                             "translatable, 2 usage.\n");
        case 'V': return tool_version();
        case 'g': gles = true; break;
        case 'd':
            if (!number_arg("--dvle", optarg, 0, 0xFFFF, &dvle))
                return tool_usage();
            dvle_given = true;
            break;
        case 'o':
            if (!number_arg("--vs-outputs", optarg, 1, 16, &vs_outputs))
                return tool_usage();
            break;
        case 's':
            if (!number_arg("--gs-stride", optarg, 1, 16, &stride))
                return tool_usage();
            break;
        default: return tool_bad_option(c, argv);
        }
    }
    if (argc - optind != 2 || (strcmp(argv[optind], "disasm") != 0 && strcmp(argv[optind], "glsl") != 0))
        return tool_usage();
    const bool to_glsl = strcmp(argv[optind], "glsl") == 0;
    if (!to_glsl && (gles || dvle_given || vs_outputs || stride)) {
        tool_error("--dvle, --gles, --vs-outputs and --gs-stride go with glsl");
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
    bool ok = to_glsl ? glsl(&s, (uint32_t)dvle, gles, (uint32_t)vs_outputs, (uint32_t)stride, &out) : pica_disasm_shbin(&out, &s);
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
