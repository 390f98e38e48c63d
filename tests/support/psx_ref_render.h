/* The PlayStation software renderer's per-pixel model, kept for the tests
 * and the benchmark when issue 21 moved backend/psx/swrender.c to span
 * stepping and specialised inner loops: the same drawing rules (prim_setup.h)
 * evaluated pixel by pixel from the closed formulas. Differential tests
 * require the two to write identical VRAM; bench_psx times both in one run. */
#ifndef GLHLE_TEST_PSX_REF_RENDER_H
#define GLHLE_TEST_PSX_REF_RENDER_H

#include "backend/psx/gpu.h"

/* A psx_renderer_make for psx_create_with (arg unused). */
psx_renderer *psx_ref_render_create(const void *arg, const glhle_logger *log, glhle_psx_stats *stats,
                                    glhle_result *result);
/* A PlayStation GPU drawn by the model, logging nowhere. */
glhle_result psx_ref_create(glhle_psx **out);

#endif
