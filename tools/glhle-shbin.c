/* glhle-shbin: reads PICA200 shader binaries.
 *   glhle-shbin disasm IN.shbin
 * prints one line per instruction (`0x000: mnemonic dst.mask, src.swizzle, ...`)
 * and then, per DVLE, its type, entry points, constants, uniforms and
 * outputs (backend/pica/shader/shader_disasm.h has the syntax); "-" reads
 * standard input. Exit status 0 on success, 1 when the file cannot be read
 * or is malformed (the reason and byte offset go to stderr), 2 on a usage
 * error. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/pica/shader/shader_disasm.h"
#include "backend/pica/shader/shbin.h"
#include "tools/common/tool.h"

#define USAGE "usage: glhle-shbin disasm IN.shbin\n"

int main(int argc, char **argv)
{
    tool_init("glhle-shbin", USAGE);
    static const struct option longs[] = {
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, TOOL_OPTSTRING, longs, NULL)) != -1) {
        switch (c) {
        case 'h':
            return tool_help("Disassembles a PICA200 shader binary (SHBIN/DVLB; - reads standard input):\n"
                             "every instruction, then each DVLE's entry points, constants, uniforms and outputs.\n"
                             "  --help, --version\n"
                             "Exit status: 0 done, 1 unreadable or malformed (with the byte offset), 2 usage.\n");
        case 'V': return tool_version();
        default: return tool_bad_option(c, argv);
        }
    }
    if (argc - optind != 2 || strcmp(argv[optind], "disasm") != 0)
        return tool_usage();
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
    bool ok = pica_disasm_shbin(&out, &s);
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
