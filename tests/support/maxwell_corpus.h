/* The Maxwell shader corpus (../shared/testdata/maxwell/shaders, see its
 * README): shader names, raw code as 64-bit words, and the envydis
 * listings parsed into lines. Tests use the listings as the independent
 * reference for the decoder. */
#ifndef GLHLE_TEST_MAXWELL_CORPUS_H
#define GLHLE_TEST_MAXWELL_CORPUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MC_MAX_SHADERS 128

typedef struct mc_corpus {
    const char *dir;                    /* the shaders folder */
    char names[MC_MAX_SHADERS][64];     /* NAME of each NAME.bin, sorted */
    unsigned count;
} mc_corpus;

/* Fills *c; false (after printing why) when the folder is absent. */
bool mc_open(mc_corpus *c);
/* dir/NAME.ext in a static rotating buffer. */
const char *mc_path(const mc_corpus *c, const char *name, const char *ext);
/* NAME.bin as little-endian 64-bit words (malloc'd); *count words. */
uint64_t *mc_load_code(const mc_corpus *c, const char *name, size_t *count);

typedef struct mc_line {
    uint32_t offset;
    uint32_t lo, hi;   /* the two 32-bit halves as printed (low first) */
    bool is_sched;
    bool target_mark;  /* the `C` column */
    char text[160];    /* everything after the words and the C mark */
} mc_line;

/* NAME.envydis.txt parsed (malloc'd array of *count lines). */
mc_line *mc_load_listing(const mc_corpus *c, const char *name, size_t *count);

/* The stage named by NAME's suffix: "vert", "frag", ... */
const char *mc_stage_of(const char *name);

#endif
