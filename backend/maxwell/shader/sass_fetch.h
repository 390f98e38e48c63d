/* Reading a program out of GPU memory: the runtime path. The 3D engine
 * names a program by the program region (SET_PROGRAM_REGION / CODE_ADDRESS)
 * plus the stage's offset (SET_PIPELINE_PROGRAM); there the 0x50-byte SPH
 * starts, and the instructions follow it (compute: the QMD's program
 * offset, no SPH). Nothing says how long the code is, so it is read one
 * 32-byte group at a time until the end marker every compiler emits — an
 * unconditional BRA to itself after the final EXIT (the corpus README; yuzu
 * and Ryujinx stop on the same self-branch) — a group of zero words, a
 * read fault, or the cap. The reader is the engines' memory interface's
 * shape (engines.h mw_mem_io.read), so the instance can pass its own. */
#ifndef GLHLE_MAXWELL_SASS_FETCH_H
#define GLHLE_MAXWELL_SASS_FETCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/common/log.h"
#include "backend/maxwell/shader/sph.h"

typedef bool (*mw_sass_mem_read_fn)(void *user, uint64_t va, void *dst, size_t size);

typedef struct mw_sass_fetch_desc {
    mw_sass_mem_read_fn read;
    void *user;
    uint64_t address;      /* GPU VA of the SPH (has_sph) or of the first word of code */
    bool has_sph;          /* graphics stages */
    uint32_t max_bytes;    /* code bytes read at most; 0 -> MW_SASS_MAX_CODE_WORDS * 8 */
    const glhle_logger *log;
} mw_sass_fetch_desc;

typedef struct mw_sass_code {
    bool has_sph;
    mw_sph sph;
    uint64_t *words;       /* malloc'd, whole groups (control words included) */
    size_t count;
    bool ended;            /* stopped at the end marker (false: a fault, zero fill or the cap) */
} mw_sass_code;

/* OK with at least one group read; OUT_OF_BOUNDS when the SPH or the first
 * group cannot be read, BAD_DATA for a bad SPH (logged with the address).
 * Free with mw_sass_code_free either way. */
glhle_result mw_sass_fetch(const mw_sass_fetch_desc *desc, mw_sass_code *out);
void mw_sass_code_free(mw_sass_code *c);

#endif
