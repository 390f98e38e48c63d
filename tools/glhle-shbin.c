/* glhle-shbin: reads PICA200 shader binaries.
 *   glhle-shbin disasm IN.shbin
 * prints one line per instruction (`0x000: mnemonic dst.mask, src.swizzle, ...`)
 * and then, per DVLE, its type, entry points, constants, uniforms and
 * outputs (backend/pica/shader/shader_disasm.h has the syntax). Exit status 0 on
 * success, 1 when the file cannot be read or is malformed (the reason and
 * byte offset go to stderr), 2 on a usage error. */
#include <stdio.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/pica/shader/shader_disasm.h"
#include "backend/pica/shader/shbin.h"

static int usage(void)
{
    fprintf(stderr, "usage: glhle-shbin disasm IN.shbin\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc != 3 || strcmp(argv[1], "disasm") != 0)
        return usage();
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
    bool ok = pica_disasm_shbin(&out, &s);
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
