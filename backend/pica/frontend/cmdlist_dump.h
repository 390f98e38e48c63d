/* A command list as readable text, like a disassembly: every register
 * write with its decoded fields, the FIFO and trigger events, and the
 * problems the run reports, in execution order. glhle-cmdlist dump prints
 * this. */
#ifndef GLHLE_PICA_CMDLIST_DUMP_H
#define GLHLE_PICA_CMDLIST_DUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/common/bytebuf.h"
#include "glhle/glhle.h"

typedef struct pica_dump_options {
    /* Map the list at this guest address and run it from there, so jumps
     * into the same file work; otherwise it runs as a host list. */
    bool at_paddr;
    uint32_t paddr;
} pica_dump_options;

/* Runs the list (little-endian words; trailing bytes past a whole word are
 * ignored and noted) on a fresh GL-free instance and appends the text to
 * out. Returns what the run returned; out holds the text either way. */
glhle_result pica_cmdlist_dump(const uint8_t *bytes, size_t size, const pica_dump_options *opt, glhle_bytebuf *out);

#endif
