/* The console's DOT3_RGB sweeps (../shared/testdata/pica/dot3/
 * lectem_dot3_sweeps.json, measured on a 3DS by Lectem/3DS_gpu_tests): for
 * each point the two RGB sources of TEV stage 0 and the R byte the console
 * wrote. The reader knows only this file's shape: an object whose "sweeps"
 * each hold an "id" and "points" of [[r,g,b],[r,g,b],out]. */
#ifndef GLHLE_TEST_PICA_DOT3_SWEEPS_H
#define GLHLE_TEST_PICA_DOT3_SWEEPS_H

#include <stdint.h>

typedef struct pica_dot3_point {
    uint8_t src0[3], src1[3], out;
} pica_dot3_point;

typedef struct pica_dot3_sweep {
    char id[16];
    unsigned count;
    pica_dot3_point points[256];
} pica_dot3_sweep;

/* Reads up to max sweeps from the test data; returns how many were read, 0
 * when the file is absent (the caller skips with a message), and fails the
 * test on a file of another shape. */
unsigned pica_dot3_sweeps_load(pica_dot3_sweep *out, unsigned max);

#endif
