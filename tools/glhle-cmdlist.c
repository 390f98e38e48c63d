/* glhle-cmdlist: reads PICA200 command lists like a disassembly.
 *   glhle-cmdlist dump FILE [--paddr ADDR]
 * FILE holds raw command words (little-endian, as the GPU reads them); "-"
 * reads standard input. Prints every register write as "offset  REGNAME[element] = value  fields",
 * the FIFO and trigger events ("-> ...") and the problems the run reports
 * ("!  ..."). With --paddr the file is mapped at that guest address and run
 * from there, so CMDBUF jumps into the file resolve.
 * Exit status: 0 clean run, 1 the run reported problems, 2 usage or FILE
 * cannot be read. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/pica/frontend/cmdlist_dump.h"
#include "tools/common/tool.h"

#define USAGE "usage: glhle-cmdlist dump FILE [--paddr ADDR]\n"
#define MAX_INPUT (256u << 20)

int main(int argc, char **argv)
{
    tool_init("glhle-cmdlist", USAGE);
    static const struct option longs[] = {
        {"paddr", required_argument, NULL, 'p'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    pica_dump_options opt = {0};
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, TOOL_OPTSTRING, longs, NULL)) != -1) {
        switch (c) {
        case 'p': {
            char *end;
            unsigned long v = strtoul(optarg, &end, 0);
            if (end == optarg || *end || v > 0xFFFFFFFFul || optarg[0] == '-') {
                tool_error("--paddr wants an address, got '%s'", optarg);
                return 2;
            }
            opt.at_paddr = true;
            opt.paddr = (uint32_t)v;
            break;
        }
        case 'h':
            return tool_help("Prints a PICA200 command list (raw little-endian words; - reads standard input)\n"
                             "as register writes with their fields, FIFO and trigger events and problems.\n"
                             "  --paddr ADDR   map FILE at guest address ADDR and run it from there\n"
                             "  --help, --version\n"
                             "Exit status: 0 clean run, 1 the run reported problems, 2 usage or FILE unreadable.\n");
        case 'V': return tool_version();
        default: return tool_bad_option(c, argv);
        }
    }
    if (argc - optind != 2 || strcmp(argv[optind], "dump"))
        return tool_usage();
    const char *path = argv[optind + 1];
    glhle_bytebuf in;
    if (!tool_read_input(path, MAX_INPUT, TOOL_PLAIN, &in)) {
        glhle_bytebuf_free(&in);
        return 2;
    }
    glhle_bytebuf text;
    glhle_bytebuf_init(&text, 0);
    glhle_result r = pica_cmdlist_dump(in.data, in.size, &opt, &text);
    fwrite(text.data, 1, text.size, stdout);
    if (r != GLHLE_RESULT_OK)
        tool_error("%s: %s", path, glhle_result_string(r));
    glhle_bytebuf_free(&text);
    glhle_bytebuf_free(&in);
    return r == GLHLE_RESULT_OK ? 0 : 1;
}
