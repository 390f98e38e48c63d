/* glhle-cmdlist: reads PICA200 command lists like a disassembly.
 *   glhle-cmdlist dump FILE [--paddr ADDR]
 * FILE holds raw command words (little-endian, as the GPU reads them).
 * Prints every register write as "offset  REGNAME[element] = value  fields",
 * the FIFO and trigger events ("-> ...") and the problems the run reports
 * ("!  ..."). With --paddr the file is mapped at that guest address and run
 * from there, so CMDBUF jumps into the file resolve.
 * Exit status: 0 clean run, 1 the run reported problems, 2 usage or I/O. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/pica/frontend/cmdlist_dump.h"

static int usage(void)
{
    fprintf(stderr, "usage: glhle-cmdlist dump FILE [--paddr ADDR]\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 3 || strcmp(argv[1], "dump"))
        return usage();
    const char *path = NULL;
    pica_dump_options opt = {0};
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--paddr") && i + 1 < argc) {
            char *end;
            unsigned long v = strtoul(argv[++i], &end, 0);
            if (*end || v > 0xFFFFFFFFul) {
                fprintf(stderr, "glhle-cmdlist: --paddr wants an address, got '%s'\n", argv[i]);
                return 2;
            }
            opt.at_paddr = true;
            opt.paddr = (uint32_t)v;
        } else if (!path && argv[i][0] != '-') {
            path = argv[i];
        } else {
            return usage();
        }
    }
    if (!path)
        return usage();
    glhle_bytebuf in;
    glhle_bytebuf_init(&in, 0);
    if (!glhle_bytebuf_read_file(&in, path, 256u << 20)) {
        fprintf(stderr, "glhle-cmdlist: cannot read %s (missing, unreadable or over 256 MiB)\n", path);
        glhle_bytebuf_free(&in);
        return 2;
    }
    glhle_bytebuf text;
    glhle_bytebuf_init(&text, 0);
    glhle_result r = pica_cmdlist_dump(in.data, in.size, &opt, &text);
    fwrite(text.data, 1, text.size, stdout);
    if (r != GLHLE_RESULT_OK)
        fprintf(stderr, "glhle-cmdlist: %s: %s\n", path, glhle_result_string(r));
    glhle_bytebuf_free(&text);
    glhle_bytebuf_free(&in);
    return r == GLHLE_RESULT_OK ? 0 : 1;
}
